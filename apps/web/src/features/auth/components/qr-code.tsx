import { QRCodeSVG } from 'qrcode.react';
import classes from './login-page.module.css';

/**
 * A deep link as a QR code for the phone's camera (qrcode.react, SVG: sharp at any size and no
 * canvas). The title names it for screen readers; the link is offered as text beside it too.
 */
export function QrCode({ value, title }: { value: string; title: string }) {
  return (
    <div className={classes.qr}>
      <QRCodeSVG value={value} size={220} level="M" marginSize={2} title={title} role="img" />
    </div>
  );
}
