import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { sixDigitCodeSchema } from '@ledgerline/domain/validation';
import { createI18n, whenLocaleComplete } from '@/i18n';
import { schemaResolver } from '@/lib/forms/schema-resolver';
import { OneTimeCodeField } from './one-time-code-field';

const schema = z.object({ code: sixDigitCodeSchema });

function CodeForm({
  onCode,
  serverError,
  maxLength,
}: {
  onCode: (code: string) => void;
  serverError?: string;
  maxLength?: number;
}) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: schemaResolver(schema), defaultValues: { code: '' } });
  return (
    <form onSubmit={handleSubmit(({ code }) => onCode(code))} noValidate>
      <OneTimeCodeField
        label="Confirmation code"
        description="6 digits"
        maxLength={maxLength}
        error={serverError ?? errors.code?.message}
        {...register('code')}
      />
      <button type="submit">Confirm</button>
    </form>
  );
}

async function renderForm(props: Partial<Parameters<typeof CodeForm>[0]> = {}) {
  const i18n = await createI18n('en');
  await Promise.all([whenLocaleComplete(i18n), whenLocaleComplete(i18n, 'en')]);
  const onCode = vi.fn();
  render(
    <MantineProvider env="test">
      <I18nextProvider i18n={i18n}>
        <CodeForm onCode={onCode} {...props} />
      </I18nextProvider>
    </MantineProvider>,
  );
  return { onCode, user: userEvent.setup() };
}

describe('OneTimeCodeField', () => {
  it('is a named field with a numeric keyboard that the browser may fill with a received code', async () => {
    await renderForm();
    const field = screen.getByRole('textbox', { name: 'Confirmation code' });
    expect(field).toHaveAttribute('inputmode', 'numeric');
    expect(field).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field).toHaveAttribute('maxlength', '9');
    expect(field).toHaveAccessibleDescription('6 digits');
  });

  it('takes a longer code when the place asks for it', async () => {
    await renderForm({ maxLength: 12 });
    expect(screen.getByRole('textbox', { name: 'Confirmation code' })).toHaveAttribute(
      'maxlength',
      '12',
    );
  });

  it('shows a schema message key translated under the field, and marks the field invalid', async () => {
    const { onCode, user } = await renderForm();
    const field = screen.getByRole('textbox', { name: 'Confirmation code' });
    await user.type(field, '12');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Enter the 6-digit code')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(expect.stringContaining('Enter the 6-digit code'));
    expect(onCode).not.toHaveBeenCalled();
  });

  it('shows a server’s message as it came', async () => {
    await renderForm({ serverError: 'Der Code ist abgelaufen' });
    expect(screen.getByText('Der Code ist abgelaufen')).toBeInTheDocument();
  });

  it('hands the form the digits without the spaces or dashes people copy', async () => {
    const { onCode, user } = await renderForm();
    await user.type(screen.getByRole('textbox', { name: 'Confirmation code' }), '123-456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await vi.waitFor(() => expect(onCode).toHaveBeenCalledWith('123456'));
  });
});
