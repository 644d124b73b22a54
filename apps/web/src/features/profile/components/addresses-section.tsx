import { Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProfileAddress } from '@ledgerline/contract';
import type { AddressState } from '@ledgerline/domain/verification';
import { ErrorPopup } from '@/ui/error-popup';
import { useConfirmAddress, useDeleteAddress } from '../api/addresses';
import { useCountries } from '../api/dictionaries';
import { AddressDialog } from './address-dialog';
import { ConfirmDialog } from './confirm-dialog';
import { SectionCard } from './section-card';
import { SuccessNotice } from './notice';
import { StatusBadge, type BadgeTone } from '@/ui/status-badge';
import classes from './profile.module.css';

/** Every address state of spec 2 §4 with its colour; a Record, so a new state must be placed. */
const STATE_TONES: Record<AddressState, BadgeTone> = {
  unconfirmed: 'orange',
  confirmed: 'teal',
  pending: 'blue',
  rejected: 'red',
  nameMismatch: 'red',
};

function useAddressLines() {
  const countries = useCountries();
  const names = new Map((countries.data ?? []).map((country) => [country.code, country.name]));
  return (address: ProfileAddress): string[] =>
    [
      address.address1,
      address.address2,
      [address.postalCode, address.city].filter(Boolean).join(' '),
      [address.stateName, names.get(address.countryCode) ?? address.countryCode]
        .filter(Boolean)
        .join(', '),
    ].filter((line): line is string => !!line && line.trim() !== '');
}

/**
 * The customer's addresses (spec 2 §3 "Address", §4 "Address states", §7 "Addresses: confirm,
 * create, replace, delete"). A confirmed address is replaced through a replacement that takes its
 * place once confirmed (and, where a document is needed, reviewed); it is never deleted.
 */
export function AddressesSection({
  addresses,
  residenceCountryCode,
}: {
  addresses: ProfileAddress[];
  residenceCountryCode: string | null;
}) {
  const { t } = useTranslation();
  const lines = useAddressLines();
  const confirm = useConfirmAddress();
  const remove = useDeleteAddress();
  const [editing, setEditing] = useState<{ replacing: ProfileAddress | undefined } | undefined>();
  const [deleting, setDeleting] = useState<ProfileAddress | undefined>();
  const [notice, setNotice] = useState<string | undefined>();
  const byId = new Map(addresses.map((address) => [address.addressId, address]));
  // The server's rules (spec 2 §4 "Address states"): one current address; a second one is a
  // replacement of the confirmed one, and only one replacement waits at a time.
  const replacementWaiting = addresses.some(
    (address) =>
      address.replacesAddressId !== null &&
      (address.addressStatus === 'unconfirmed' || address.addressStatus === 'pending'),
  );
  const mayAdd = addresses.every((address) => address.addressStatus === 'rejected');
  const oneLine = (address: ProfileAddress) => lines(address).join(', ');

  return (
    <SectionCard
      id="addresses"
      title={t('profile.addresses.title')}
      description={t('profile.addresses.description')}
    >
      <SuccessNotice text={notice} onClose={() => setNotice(undefined)} />
      {addresses.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('profile.addresses.empty')}
        </Text>
      ) : (
        <ul className={classes.list} aria-label={t('profile.addresses.listLabel')}>
          {addresses.map((address) => {
            const replaced =
              address.replacesAddressId !== null ? byId.get(address.replacesAddressId) : undefined;
            // Confirming is the customer's step; a pending address waits for the bank's review.
            const mayConfirm = address.addressStatus === 'unconfirmed';
            const mayReplace =
              address.addressStatus === 'confirmed' &&
              address.replacesAddressId === null &&
              !replacementWaiting;
            // A confirmed address is replaced, never deleted.
            const mayDelete = address.addressStatus !== 'confirmed';
            const label = address.address1;
            return (
              <li key={address.addressId} className={classes.row} data-testid="address-row">
                <div className={classes.rowMain}>
                  <Stack gap={0}>
                    {lines(address).map((line, index) => (
                      <Text
                        key={index}
                        className={index === 0 ? classes.rowValue : undefined}
                        size={index === 0 ? 'md' : 'sm'}
                      >
                        {line}
                      </Text>
                    ))}
                  </Stack>
                  <Group gap={6} mt={6} wrap="wrap">
                    <StatusBadge tone={STATE_TONES[address.addressStatus]}>
                      {t(`profile.addresses.status.${address.addressStatus}`)}
                    </StatusBadge>
                    {replaced && (
                      <Text size="xs" c="gray.7">
                        {t('profile.addresses.replaces', { address: oneLine(replaced) })}
                      </Text>
                    )}
                  </Group>
                  {(address.isDocumentRequired ||
                    address.isDocumentOutOfDate ||
                    address.isCardDocumentRequired) && (
                    <Stack gap={2} mt={6}>
                      {address.isDocumentRequired && (
                        <Text size="xs" c="orange.9">
                          {t('profile.addresses.documentRequired')}
                        </Text>
                      )}
                      {address.isDocumentOutOfDate && (
                        <Text size="xs" c="orange.9">
                          {t('profile.addresses.documentOutOfDate')}
                        </Text>
                      )}
                      {address.isCardDocumentRequired && (
                        <Text size="xs" c="orange.9">
                          {t('profile.addresses.cardDocumentRequired')}
                        </Text>
                      )}
                    </Stack>
                  )}
                </div>
                <div className={classes.rowActions}>
                  {mayConfirm && (
                    <Button
                      size="xs"
                      loading={confirm.isPending && confirm.variables === address.addressId}
                      onClick={() =>
                        confirm.mutate(address.addressId, {
                          onSuccess: (confirmed) =>
                            setNotice(
                              t(
                                confirmed.addressStatus === 'confirmed'
                                  ? 'profile.addresses.confirmedNotice'
                                  : 'profile.addresses.sentForReviewNotice',
                                {
                                  address: oneLine(address),
                                },
                              ),
                            ),
                        })
                      }
                    >
                      {t('profile.addresses.confirm')}
                      <VisuallyHidden> {label}</VisuallyHidden>
                    </Button>
                  )}
                  {mayReplace && (
                    <Button
                      size="xs"
                      variant="default"
                      onClick={() => setEditing({ replacing: address })}
                    >
                      {t('profile.addresses.replace')}
                      <VisuallyHidden> {label}</VisuallyHidden>
                    </Button>
                  )}
                  {mayDelete && (
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      c="red.9"
                      onClick={() => {
                        remove.reset();
                        setDeleting(address);
                      }}
                    >
                      {address.replacesAddressId !== null
                        ? t('profile.addresses.withdraw')
                        : t('profile.addresses.delete')}
                      <VisuallyHidden> {label}</VisuallyHidden>
                    </Button>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {mayAdd && (
        <Group>
          <Button variant="light" onClick={() => setEditing({ replacing: undefined })}>
            {t('profile.addresses.add')}
          </Button>
        </Group>
      )}

      <AddressDialog
        opened={editing !== undefined}
        replacing={editing?.replacing}
        defaultCountry={residenceCountryCode}
        onClose={() => setEditing(undefined)}
        onSaved={(address) => {
          setNotice(
            t(
              editing?.replacing
                ? 'profile.addresses.replacedNotice'
                : 'profile.addresses.addedNotice',
              { address: oneLine(address) },
            ),
          );
          setEditing(undefined);
        }}
      />
      <ConfirmDialog
        opened={deleting !== undefined}
        title={t('profile.addresses.deleteTitle')}
        text={t('profile.addresses.deleteText', { address: deleting ? oneLine(deleting) : '' })}
        confirmLabel={t('profile.addresses.deleteConfirm')}
        danger
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => {
          if (!deleting) return;
          const address = deleting;
          remove.mutate(address.addressId, {
            onSuccess: () => {
              setDeleting(undefined);
              setNotice(t('profile.addresses.deletedNotice', { address: oneLine(address) }));
            },
          });
        }}
        onClose={() => setDeleting(undefined)}
        onErrorClose={() => remove.reset()}
      />
      <ErrorPopup error={confirm.error} onClose={() => confirm.reset()} />
    </SectionCard>
  );
}
