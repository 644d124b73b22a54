import {
  Alert,
  Button,
  Group,
  Image,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Skeleton.css';
import '@mantine/core/styles/Alert.css';
import '@mantine/core/styles/Image.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReviewItemDetail } from '@ledgerline/contract';
import { saveBlob, useDeskFileFetch, useDeskPicture } from '../api/desk-file';

type DeskFile = ReviewItemDetail['files'][number];
type DeskPicture = ReviewItemDetail['pictures'][number];

function FileButton({ file }: { file: DeskFile }) {
  const { t } = useTranslation();
  const fetchFile = useDeskFileFetch();
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  const part = t(`complianceDesk.deskFiles.parts.${file.part}`);
  return (
    <Stack gap={4}>
      <Button
        variant="light"
        loading={state === 'busy'}
        onClick={() => {
          setState('busy');
          fetchFile(file.url)
            .then((blob) => {
              saveBlob(blob, file.fileName);
              setState('idle');
            })
            .catch(() => setState('failed'));
        }}
      >
        {t('complianceDesk.deskFiles.open', { part, fileName: file.fileName })}
      </Button>
      {state === 'failed' && (
        <Text size="sm" c="red.8" role="alert">
          {t('complianceDesk.deskFiles.failed')}
        </Text>
      )}
    </Stack>
  );
}

function Picture({ picture }: { picture: DeskPicture }) {
  const { t } = useTranslation();
  const { url, isPending, isError } = useDeskPicture(picture.url);
  const step = t(`complianceDesk.deskFiles.steps.${picture.step}`);
  return (
    <Stack gap={4}>
      <Text size="xs" c="dimmed">
        {step}
      </Text>
      {isPending ? (
        <Skeleton h={160} radius="md" aria-label={t('complianceDesk.deskFiles.loadingPicture')} />
      ) : isError || !url ? (
        <Alert color="red" variant="light" p="xs">
          {t('complianceDesk.deskFiles.pictureFailed')}
        </Alert>
      ) : (
        <Image
          src={url}
          alt={t('complianceDesk.deskFiles.pictureAlt', { step })}
          radius="md"
          h={160}
          fit="contain"
          bg="gray.0"
        />
      )}
    </Stack>
  );
}

/** The item's files (a document's parts) and pictures (a provider run's), for the administrator to open. */
export function DeskFiles({ detail }: { detail: ReviewItemDetail }) {
  const { t } = useTranslation();
  if (detail.files.length === 0 && detail.pictures.length === 0)
    return (
      <Text size="sm" c="dimmed">
        {t('complianceDesk.noFile')}
      </Text>
    );
  return (
    <Stack gap="sm">
      {detail.files.length > 0 && (
        <>
          <Title order={3} fz="md">
            {t('complianceDesk.deskFiles.title')}
          </Title>
          <Group gap="sm" align="flex-start">
            {detail.files.map((file) => (
              <FileButton key={file.part} file={file} />
            ))}
          </Group>
        </>
      )}
      {detail.pictures.length > 0 && (
        <>
          <Title order={3} fz="md">
            {t('complianceDesk.deskFiles.picturesTitle')}
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
            {detail.pictures.map((picture) => (
              <Picture key={picture.step} picture={picture} />
            ))}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
