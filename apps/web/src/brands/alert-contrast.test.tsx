import { Alert, MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getBrand } from '@ledgerline/domain/brands';
import { LIGHT_ALERT_TITLE_COLORS, createBrandTheme } from './theme';

function renderAlert(color: string, variant?: 'light' | 'filled') {
  render(
    <MantineProvider theme={createBrandTheme(getBrand('pebble'))} env="test">
      <Alert color={color} variant={variant} title="Approved: 1" data-testid="notice" />
    </MantineProvider>,
  );
  return screen.getByTestId('notice');
}

describe('light success notices', () => {
  it.each([['teal'], ['green']])('write a %s title in the darker shade', (color) => {
    expect(renderAlert(color).style.getPropertyValue('--alert-color')).toBe(
      LIGHT_ALERT_TITLE_COLORS[color]?.title,
    );
  });

  it('leave other notices as Mantine draws them', () => {
    expect(renderAlert('teal', 'filled').style.getPropertyValue('--alert-color')).not.toBe(
      LIGHT_ALERT_TITLE_COLORS.teal?.title,
    );
    cleanup();
    expect(renderAlert('red').style.getPropertyValue('--alert-color')).not.toMatch(/^#/);
  });
});
