import { QRCodeSVG } from 'qrcode.react';
import classes from './qr-code.module.css';

/**
 * A link as a QR code for the phone's camera (qrcode.react, SVG: sharp at any size and no
 * canvas): device linking, push set-up on /scp, an authenticator app's otpauth:// URI. The title
 * names it for screen readers; callers offer the link or secret as text beside it too.
 */
export function QrCode({ value, title }: { value: string; title: string }) {
  return (
    <div className={classes.qr}>
      <QRCodeSVG value={value} size={220} level="M" marginSize={2} title={title} role="img" />
    </div>
  );
}
