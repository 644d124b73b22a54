import { describe, expect, it } from 'vitest';
import { ACCESS_LEVELS, CUSTOMER_TYPES } from './constants';
import { parseIp } from './ip-address';
import { hasMerchantRights, ipRangeProblem, isIpInRange } from './merchant-api';

describe('merchant rights', () => {
  it('belong to a full-access user acting for a business, and to no one else', () => {
    expect(
      hasMerchantRights({
        customerType: CUSTOMER_TYPES.business,
        accessRights: ACCESS_LEVELS.fullAccess,
      }),
    ).toBe(true);
    expect(
      hasMerchantRights({
        customerType: CUSTOMER_TYPES.oldBusiness,
        accessRights: ACCESS_LEVELS.fullAccess,
      }),
    ).toBe(true);
    expect(
      hasMerchantRights({
        customerType: CUSTOMER_TYPES.personal,
        accessRights: ACCESS_LEVELS.fullAccess,
      }),
    ).toBe(false);
    for (const level of [0, 1, 3, 4, 5])
      expect(
        hasMerchantRights({ customerType: CUSTOMER_TYPES.business, accessRights: level }),
      ).toBe(false);
  });
});

describe('IP addresses and ranges', () => {
  it('reads IPv4, IPv6 and IPv4-mapped IPv6 addresses, and refuses the rest', () => {
    expect(parseIp('192.0.2.1')).toEqual({ family: 4, value: 0xc0000201n });
    expect(parseIp('::ffff:192.0.2.1')).toEqual({ family: 4, value: 0xc0000201n });
    expect(parseIp('2001:db8::1')).toEqual({
      family: 6,
      value: (0x20010db8n << 96n) | 1n,
    });
    expect(parseIp('::')).toEqual({ family: 6, value: 0n });
    for (const bad of [
      '',
      '256.0.0.1',
      '01.2.3.4',
      '1.2.3',
      '1.2.3.4.5',
      '1::2::3',
      '1:2:3:4:5:6:7:8:9',
      '1:2:3:4:5:6:7:8::',
      'fe80::1%eth0',
      '[::1]',
      'example.com',
      ':1',
    ])
      expect(parseIp(bad), bad).toBeNull();
  });

  it('names what is wrong with a range: an address, two families, or from after to', () => {
    expect(ipRangeProblem('192.0.2.1', '192.0.2.9')).toBeNull();
    expect(ipRangeProblem('192.0.2.9', '192.0.2.9')).toBeNull();
    expect(ipRangeProblem('192.0.2.9', '192.0.2.1')).toBe('order');
    expect(ipRangeProblem('x', '192.0.2.1')).toBe('ipFrom');
    expect(ipRangeProblem('192.0.2.1', 'y')).toBe('ipTo');
    expect(ipRangeProblem('192.0.2.1', '2001:db8::1')).toBe('family');
  });

  it('matches an address inside a range of its own family, both ends included', () => {
    const range = { ipFrom: '203.0.113.10', ipTo: '203.0.113.20' };
    expect(isIpInRange('203.0.113.10', range)).toBe(true);
    expect(isIpInRange('203.0.113.20', range)).toBe(true);
    expect(isIpInRange('::ffff:203.0.113.15', range)).toBe(true);
    expect(isIpInRange('203.0.113.21', range)).toBe(false);
    expect(isIpInRange('2001:db8::1', range)).toBe(false);
    expect(isIpInRange('2001:db8::5', { ipFrom: '2001:db8::', ipTo: '2001:db8::ff' })).toBe(true);
  });
});
