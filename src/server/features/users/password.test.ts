import { afterEach, describe, expect, it } from 'vitest';
import { hashPassword, setPasswordHashing, verifyPassword } from './password';

describe('password hashes', () => {
  afterEach(() => setPasswordHashing('standard'));

  it('are argon2id at the standard cost unless a test run asks for cheap ones', async () => {
    setPasswordHashing('standard');
    expect(await hashPassword('correct horse battery')).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    setPasswordHashing('test');
    expect(await hashPassword('correct horse battery')).toMatch(/^\$argon2id\$v=19\$m=256,p=1,t=1\$/);
    expect(await hashPassword('correct horse battery', 'standard')).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    setPasswordHashing('standard');
    expect(await hashPassword('correct horse battery', 'test')).toMatch(/^\$argon2id\$v=19\$m=256,p=1,t=1\$/);
  });

  it('verify with the parameters they were made with, whatever the current setting', async () => {
    setPasswordHashing('standard');
    const standard = await hashPassword('correct horse battery');
    setPasswordHashing('test');
    const cheap = await hashPassword('correct horse battery');
    for (const setting of ['standard', 'test'] as const) {
      setPasswordHashing(setting);
      expect(await verifyPassword(standard, 'correct horse battery')).toBe(true);
      expect(await verifyPassword(cheap, 'correct horse battery')).toBe(true);
      expect(await verifyPassword(standard, 'correct horse battery!')).toBe(false);
      expect(await verifyPassword(cheap, 'Correct horse battery')).toBe(false);
    }
    expect(await verifyPassword('not a hash', 'correct horse battery')).toBe(false);
  });
});
