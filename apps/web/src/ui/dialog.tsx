import { Modal } from '@mantine/core';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/Modal.css';
import type { ReactNode } from 'react';
import classes from './dialog.module.css';

export interface DialogProps {
  opened: boolean;
  onClose: () => void;
  title: ReactNode;
  /** Accessible name of the corner close button, in the current language. */
  closeLabel: string;
  children: ReactNode;
  size?: string | number;
}

/**
 * The app's modal dialog: Mantine's Modal with its title bar as a <div>. Mantine renders it as a
 * <header>, which, portalled into <body>, becomes a second banner landmark beside the page header.
 * Put the focus target first with `data-autofocus` on the element that should receive it.
 */
export function Dialog({ opened, onClose, title, closeLabel, children, size = 'md' }: DialogProps) {
  return (
    <Modal.Root opened={opened} onClose={onClose} centered radius="lg" size={size}>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header component="div">
          <Modal.Title className={classes.title}>{title}</Modal.Title>
          <Modal.CloseButton aria-label={closeLabel} />
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
