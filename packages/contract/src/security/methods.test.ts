import { describe, expect, it } from 'vitest';
import { ipInRange, ipWhitelistEntryFormSchema, parseIp, securityMethods } from './methods';

describe('parseIp', () => {
  it('reads IPv4 and IPv6 addresses, compressed or not', () => {
    expect(parseIp('192.0.2.1')).toEqual({ family: 4, value: 0xc0000201n });
    expect(parseIp(' 10.0.0.255 ')).toEqual({ family: 4, value: 0x0a0000ffn });
    expect(parseIp('::1')).toEqual({ family: 6, value: 1n });
    expect(parseIp('2001:db8::1')).toEqual(parseIp('2001:0db8:0:0:0:0:0:1'));
    expect(parseIp('::')).toEqual({ family: 6, value: 0n });
    expect(parseIp('64:ff9b::192.0.2.1')?.value).toBe(
      (0x64n << 112n) | (0xff9bn << 96n) | 0xc0000201n,
    );
  });

  it('counts an IPv4-mapped IPv6 address as the IPv4 address', () => {
    expect(parseIp('::ffff:192.0.2.1')).toEqual(parseIp('192.0.2.1'));
    expect(parseIp('::FFFF:c000:201')).toEqual(parseIp('192.0.2.1'));
  });

  it('refuses what is not one address', () => {
    for (const text of [
      '',
      '1.2.3',
      '1.2.3.4.5',
      '256.0.0.1',
      '01.2.3.4',
      '1.2.3.4/24',
      '1::2::3',
      ':::1',
      '1:2:3:4:5:6:7:8:9',
      'fe80::1%eth0',
      'g::1',
      '12345::1',
      'localhost',
    ]) {
      expect(parseIp(text), text).toBeNull();
    }
  });

  it('matches ranges of one family only', () => {
    const from = parseIp('10.0.0.0');
    const to = parseIp('10.0.0.255');
    if (!from || !to) throw new Error('parse');
    expect(ipInRange(parseIp('10.0.0.77') ?? from, from, to)).toBe(true);
    expect(ipInRange(parseIp('10.0.1.0') ?? from, from, to)).toBe(false);
    expect(ipInRange(parseIp('::a00:4d') ?? from, from, to)).toBe(false);
    expect(ipInRange(from, from, null)).toBe(true);
  });
});

describe('the security schemas', () => {
  it('refuses reversed and mixed-family ranges on toIp', () => {
    expect(
      ipWhitelistEntryFormSchema.safeParse({ ip: '10.0.0.9', toIp: '10.0.0.1' }).error?.issues[0],
    ).toMatchObject({ path: ['toIp'], message: 'validation.ipRangeOrder' });
    expect(
      ipWhitelistEntryFormSchema.safeParse({ ip: '10.0.0.1', toIp: '::1' }).error?.issues[0],
    ).toMatchObject({ path: ['toIp'], message: 'validation.ipRangeFamily' });
    expect(ipWhitelistEntryFormSchema.parse({ ip: '10.0.0.1', toIp: '10.0.0.1' })).toEqual({
      ip: '10.0.0.1',
      toIp: '10.0.0.1',
    });
  });

  it('checks the new password rule and the repeat', () => {
    const schema = securityMethods.changePassword.request;
    expect(
      schema.safeParse({
        password: 'x',
        passwordNew: 'Longer-pass-1',
        passwordNewRepeat: 'Longer-pass-1',
      }).success,
    ).toBe(true);
    expect(
      schema.safeParse({
        password: 'x',
        passwordNew: 'Longer-pass-1',
        passwordNewRepeat: 'Longer-pass-2',
      }).error?.issues[0]?.path,
    ).toEqual(['passwordNewRepeat']);
  });

  it('ties the mode to the target', () => {
    const schema = securityMethods.setTwoStepVerification.request;
    expect(schema.safeParse({ target: 'login', mode: 'otp' }).success).toBe(true);
    expect(schema.safeParse({ target: 'transaction', mode: 3 }).success).toBe(true);
    expect(schema.safeParse({ target: 'transaction', mode: 'otp' }).success).toBe(false);
    expect(schema.safeParse({ target: 'login', mode: 2 }).success).toBe(false);
  });
});
