import {
  Alert,
  Button,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import '@mantine/core/styles/SimpleGrid.css';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { TRANSFER_PERMISSION_GROUPS, type CompanyUser } from '@ledgerline/contract';
import { representativeRole } from '@ledgerline/domain/company-users';
import { ACCESS_LEVELS } from '@ledgerline/domain/constants';
import { brandLanguages } from '@ledgerline/domain/brands';
import { LANGUAGE_NAMES, isLanguage, type Language } from '@ledgerline/domain/languages';
import { useBrand } from '@/brands';
import { useLanguage } from '@/i18n';
import { isApiError } from '@/lib/api-error';
import { DataTable, type DataColumn } from '@/ui/data-table';
import { Dialog } from '@/ui/dialog';
import { describeApiError, fieldMessage } from '@/ui/field-message';
import { AlertIcon, CheckCircleIcon, ChevronDownIcon, PlusIcon } from '@/ui/icons';
import { ListSkeleton } from '@/ui/list-skeleton';
import { LoadFailed } from '@/ui/load-failed';
import { PageFrame } from '@/ui/page-frame';
import { StatusBadge, type BadgeTone } from '@/ui/status-badge';
import { useDocumentTitle } from '@/ui/use-document-title';
import {
  useAddCompanyUser,
  useCompanyUserAction,
  useUpdateCompanyUserRights,
  type UserAction,
} from '../api/change-company-users';
import { useCompanyUsers } from '../api/get-company-users';
import { RightsFields, type RightsValue } from './rights-fields';
import classes from './company-users.module.css';

const STATUS_TONE: Record<CompanyUser['status'], BadgeTone> = {
  holder: 'blue',
  active: 'teal',
  suspended: 'orange',
  invited: 'gray',
};

type Group = keyof typeof TRANSFER_PERMISSION_GROUPS;

function useFlagsSummary() {
  const { t } = useTranslation();
  return (permissions: readonly string[]): string => {
    const parts = (Object.keys(TRANSFER_PERMISSION_GROUPS) as Group[])
      .map((group) => ({
        group,
        count: permissions.filter((flag) => flag.startsWith(`${group}.`)).length,
        of: TRANSFER_PERMISSION_GROUPS[group].length,
      }))
      .filter((part) => part.count > 0)
      .map((part) =>
        t('companyUsers.flagsOf', {
          group: t(`companyUsers.groups.${part.group}`),
          count: part.count,
          of: part.of,
        }),
      );
    return parts.length > 0 ? parts.join(' · ') : t('companyUsers.noFlags');
  };
}

/** A representative's position (spec 2 §3: 2 director, 6 and 9 shareholder, 8 ultimate owner); nothing for an authorised user. */
function PositionName({ user }: { user: CompanyUser }) {
  const { t } = useTranslation();
  const role = representativeRole(user.representativePositionId);
  if (role === 'authorisedUser') return null;
  return (
    <Text size="xs" c="dimmed">
      {t(`companyUsers.positions.${role}`)}
    </Text>
  );
}

function LevelName({ user }: { user: CompanyUser }) {
  const { t } = useTranslation();
  const level = user.status === 'suspended' ? user.suspendedAccessRight : user.accessRight;
  return <>{t(`companyUsers.levels.${level ?? ACCESS_LEVELS.noAccess}`)}</>;
}

/** Add a user by e-mail: the server decides between an invitation and an access grant. */
function AddUserDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { language } = useLanguage();
  const brand = useBrand();
  const add = useAddCompanyUser();
  const [email, setEmail] = useState('');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [inviteLanguage, setInviteLanguage] = useState<Language>(language);
  const [rights, setRights] = useState<RightsValue>({
    accessRight: ACCESS_LEVELS.read,
    permissions: [],
  });
  const fieldErrors = isApiError(add.error) ? (add.error.validationErrors ?? {}) : {};
  const close = () => {
    add.reset();
    setEmail('');
    setFirstName('');
    setLastName('');
    setRights({ accessRight: ACCESS_LEVELS.read, permissions: [] });
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate({
      email: email.trim(),
      ...(firstName.trim() ? { firstName: firstName.trim() } : {}),
      ...(lastName.trim() ? { lastName: lastName.trim() } : {}),
      accessRight: rights.accessRight,
      permissions: rights.permissions,
      language: inviteLanguage,
    });
  };
  return (
    <Dialog
      opened={opened}
      onClose={close}
      title={t('companyUsers.addTitle')}
      closeLabel={t('companyUsers.close')}
      size="lg"
    >
      {add.isSuccess ? (
        <Stack gap="md">
          <Alert color="teal" variant="light" icon={<CheckCircleIcon />} role="status">
            {t(add.data.outcome === 'invited' ? 'companyUsers.invited' : 'companyUsers.granted', {
              email: add.data.user.email,
            })}
          </Alert>
          <Button onClick={close} data-autofocus>
            {t('companyUsers.done')}
          </Button>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <fieldset disabled={add.isPending} className={classes.plainFieldset}>
            <Stack gap="md">
              <Text size="sm" c="dimmed">
                {t('companyUsers.addIntro')}
              </Text>
              <TextInput
                label={t('companyUsers.email')}
                type="email"
                autoComplete="off"
                required
                value={email}
                onChange={(event) => setEmail(event.currentTarget.value)}
                error={fieldMessage(t, fieldErrors.email)}
                data-autofocus
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <TextInput
                  label={t('companyUsers.firstName')}
                  value={firstName}
                  onChange={(event) => setFirstName(event.currentTarget.value)}
                  error={fieldMessage(t, fieldErrors.firstName)}
                />
                <TextInput
                  label={t('companyUsers.lastName')}
                  value={lastName}
                  onChange={(event) => setLastName(event.currentTarget.value)}
                  error={fieldMessage(t, fieldErrors.lastName)}
                />
              </SimpleGrid>
              <NativeSelect
                label={t('companyUsers.inviteLanguage')}
                value={inviteLanguage}
                onChange={(event) => {
                  const next = event.currentTarget.value;
                  if (isLanguage(next)) setInviteLanguage(next);
                }}
                data={brandLanguages(brand).map((code) => ({
                  value: code,
                  label: LANGUAGE_NAMES[code],
                }))}
                rightSection={<ChevronDownIcon size={16} />}
                rightSectionPointerEvents="none"
              />
              <RightsFields
                value={rights}
                onChange={setRights}
                error={fieldMessage(t, fieldErrors.accessRight)}
              />
              {add.isError && !fieldErrors.email && (
                <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
                  {describeApiError(t, add.error)}
                </Alert>
              )}
              <Group justify="flex-end">
                <Button variant="default" onClick={close}>
                  {t('companyUsers.cancel')}
                </Button>
                <Button type="submit" loading={add.isPending}>
                  {t('companyUsers.addSubmit')}
                </Button>
              </Group>
            </Stack>
          </fieldset>
        </form>
      )}
    </Dialog>
  );
}

function EditRightsDialog({ user, onClose }: { user: CompanyUser; onClose: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateCompanyUserRights();
  const current = user.status === 'suspended' ? user.suspendedAccessRight : user.accessRight;
  const [rights, setRights] = useState<RightsValue>({
    // A level that may not be given (5, or 0) starts the select at read.
    accessRight: current !== null && current >= 1 && current <= 4 ? current : ACCESS_LEVELS.read,
    permissions: user.permissions,
  });
  const fieldErrors = isApiError(update.error) ? (update.error.validationErrors ?? {}) : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { userId: user.userId, accessRight: rights.accessRight, permissions: rights.permissions },
      { onSuccess: onClose },
    );
  };
  return (
    <Dialog
      opened
      onClose={onClose}
      title={t('companyUsers.editTitle', { name: user.name })}
      closeLabel={t('companyUsers.close')}
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <fieldset disabled={update.isPending} className={classes.plainFieldset}>
          <Stack gap="md">
            <Text size="sm" className={classes.email}>
              {user.email}
            </Text>
            <RightsFields
              value={rights}
              onChange={setRights}
              error={fieldMessage(t, fieldErrors.accessRight)}
            />
            {update.isError && !fieldErrors.accessRight && (
              <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
                {describeApiError(t, update.error)}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('companyUsers.cancel')}
              </Button>
              <Button type="submit" loading={update.isPending} data-autofocus>
                {t('companyUsers.save')}
              </Button>
            </Group>
          </Stack>
        </fieldset>
      </form>
    </Dialog>
  );
}

function RemoveDialog({ user, onClose }: { user: CompanyUser; onClose: () => void }) {
  const { t } = useTranslation();
  const action = useCompanyUserAction();
  return (
    <Dialog
      opened
      onClose={onClose}
      title={t('companyUsers.removeTitle')}
      closeLabel={t('companyUsers.close')}
    >
      <Stack gap="md">
        <Text>{t('companyUsers.removeQuestion', { name: user.name, email: user.email })}</Text>
        {action.isError && (
          <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
            {describeApiError(t, action.error)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('companyUsers.cancel')}
          </Button>
          <Button
            color="red"
            loading={action.isPending}
            onClick={() =>
              action.mutate({ action: 'remove', userId: user.userId }, { onSuccess: onClose })
            }
          >
            {t('companyUsers.removeConfirm')}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}

interface RowActions {
  edit: (user: CompanyUser) => void;
  remove: (user: CompanyUser) => void;
  act: (user: CompanyUser, action: Exclude<UserAction, 'remove'>) => void;
  busy: boolean;
}

function UserActions({ user, actions }: { user: CompanyUser; actions: RowActions }) {
  const { t } = useTranslation();
  if (user.status === 'holder')
    return (
      <Text size="sm" c="dimmed">
        {t('companyUsers.holderFixed')}
      </Text>
    );
  const name = user.name;
  return (
    <Group gap="xs" wrap="wrap">
      <Button
        size="xs"
        variant="light"
        onClick={() => actions.edit(user)}
        aria-label={t('companyUsers.editFor', { name })}
      >
        {t('companyUsers.edit')}
      </Button>
      {user.status === 'active' && (
        <Button
          size="xs"
          variant="default"
          disabled={actions.busy}
          onClick={() => actions.act(user, 'suspend')}
          aria-label={t('companyUsers.suspendFor', { name })}
        >
          {t('companyUsers.suspend')}
        </Button>
      )}
      {user.status === 'suspended' && (
        <Button
          size="xs"
          variant="default"
          disabled={actions.busy}
          onClick={() => actions.act(user, 'resume')}
          aria-label={t('companyUsers.resumeFor', { name })}
        >
          {t('companyUsers.resume')}
        </Button>
      )}
      {user.status === 'invited' && (
        <Button
          size="xs"
          variant="default"
          disabled={actions.busy}
          onClick={() => actions.act(user, 'resend')}
          aria-label={t('companyUsers.resendFor', { name })}
        >
          {t('companyUsers.resend')}
        </Button>
      )}
      <Button
        size="xs"
        variant="subtle"
        color="red"
        onClick={() => actions.remove(user)}
        aria-label={t('companyUsers.removeFor', { name })}
      >
        {t('companyUsers.remove')}
      </Button>
    </Group>
  );
}

/**
 * /company-access/users (spec 01 §2 "manage users", issue 15A): the acting company's users with
 * their access level in words, their transfer permissions and status. A full-access user adds,
 * edits, suspends, resumes and removes users and resends invitations; everyone else reads.
 */
export function CompanyUsersPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('companyUsers.pageTitle'));
  const list = useCompanyUsers();
  const action = useCompanyUserAction();
  const flagsSummary = useFlagsSummary();
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<CompanyUser | null>(null);
  const [removing, setRemoving] = useState<CompanyUser | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const rowActions: RowActions = {
    edit: setEditing,
    remove: setRemoving,
    busy: action.isPending,
    act: (user, kind) => {
      setNotice(null);
      action.mutate(
        { action: kind, userId: user.userId },
        {
          onSuccess: () => setNotice(t(`companyUsers.done_${kind}`, { name: user.name })),
        },
      );
    },
  };
  const canManage = list.data?.canManage ?? false;

  const columns: DataColumn<CompanyUser>[] = [
    {
      id: 'user',
      header: t('companyUsers.columns.user'),
      rowHeader: true,
      cell: (user) => (
        <Stack gap={0}>
          <Text fw={600} size="sm">
            {user.name}
            {user.isYou ? ` ${t('companyUsers.you')}` : ''}
          </Text>
          <Text size="sm" c="dimmed" className={classes.email}>
            {user.email}
          </Text>
          <PositionName user={user} />
        </Stack>
      ),
    },
    {
      id: 'level',
      header: t('companyUsers.columns.level'),
      cell: (user) => <LevelName user={user} />,
    },
    {
      id: 'flags',
      header: t('companyUsers.columns.flags'),
      cell: (user) => <Text size="sm">{flagsSummary(user.permissions)}</Text>,
    },
    {
      id: 'status',
      header: t('companyUsers.columns.status'),
      cell: (user) => (
        <div className={classes.badge}>
          <StatusBadge tone={STATUS_TONE[user.status]} size="sm">
            {t(`companyUsers.statuses.${user.status}`)}
          </StatusBadge>
        </div>
      ),
    },
    ...(canManage
      ? [
          {
            id: 'actions',
            header: t('companyUsers.columns.actions'),
            headerHidden: true,
            cell: (user: CompanyUser) => <UserActions user={user} actions={rowActions} />,
          },
        ]
      : []),
  ];

  let body;
  if (list.isPending) {
    body = <ListSkeleton rows={4} label={t('companyUsers.loading')} />;
  } else if (list.isError) {
    body = (
      <LoadFailed
        title={t('companyUsers.loadFailed')}
        error={list.error}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  } else if (list.data.users.length === 0) {
    body = <Text c="dimmed">{t('companyUsers.empty')}</Text>;
  } else {
    body = (
      <DataTable
        rows={list.data.users}
        rowKey={(user) => user.userId}
        columns={columns}
        caption={t('companyUsers.caption', { company: list.data.companyName })}
        card={{
          itemClassName: classes.card,
          listClassName: classes.cardList,
          render: (user) => (
            <Stack gap="xs">
              <Group justify="space-between" align="flex-start" wrap="nowrap">
                <Stack gap={0}>
                  <Text fw={600}>
                    {user.name}
                    {user.isYou ? ` ${t('companyUsers.you')}` : ''}
                  </Text>
                  <Text size="sm" c="dimmed" className={classes.email}>
                    {user.email}
                  </Text>
                  <PositionName user={user} />
                </Stack>
                <div className={classes.badge}>
                  <StatusBadge tone={STATUS_TONE[user.status]} size="sm">
                    {t(`companyUsers.statuses.${user.status}`)}
                  </StatusBadge>
                </div>
              </Group>
              <Text size="sm">
                <LevelName user={user} />
              </Text>
              <Text size="sm" c="dimmed">
                {flagsSummary(user.permissions)}
              </Text>
              {canManage && <UserActions user={user} actions={rowActions} />}
            </Stack>
          ),
        }}
      />
    );
  }

  return (
    <PageFrame
      title={t('companyUsers.pageTitle')}
      intro={list.data ? t('companyUsers.intro', { company: list.data.companyName }) : undefined}
    >
      <Paper
        withBorder
        radius="lg"
        p={{ base: 'md', sm: 'xl' }}
        component="section"
        aria-labelledby="company-users-title"
      >
        <Stack gap="md">
          <Group justify="space-between" align="center">
            <Title order={2} fz="lg" id="company-users-title">
              {t('companyUsers.listTitle')}
            </Title>
            {canManage && (
              <Button leftSection={<PlusIcon size={16} />} onClick={() => setAdding(true)}>
                {t('companyUsers.add')}
              </Button>
            )}
          </Group>
          {list.data && !canManage && (
            <Alert color="blue" variant="light" role="note">
              {t('companyUsers.readOnly')}
            </Alert>
          )}
          <div role="status" aria-live="polite">
            {notice && (
              <Alert color="teal" variant="light" icon={<CheckCircleIcon />}>
                {notice}
              </Alert>
            )}
          </div>
          {action.isError && (
            <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
              {describeApiError(t, action.error)}
            </Alert>
          )}
          {body}
        </Stack>
      </Paper>
      <AddUserDialog opened={adding} onClose={() => setAdding(false)} />
      {editing && <EditRightsDialog user={editing} onClose={() => setEditing(null)} />}
      {removing && <RemoveDialog user={removing} onClose={() => setRemoving(null)} />}
    </PageFrame>
  );
}
