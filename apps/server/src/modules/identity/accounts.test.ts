import { AppErrorCode, PLANS, TRIAL_DAYS } from '@hosewright/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Database, queryRows } from '../../db/client.ts';
import { emailOutbox, memberships, organizations, subscriptions, users } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';
import {
  authenticate,
  createOrganizationWithAdmin,
  findAccountProfile,
  requestPasswordReset,
  resetPassword,
  sendVerificationEmail,
  verifyEmail,
} from './accounts.ts';
import { FORM_MAX_PER_HOUR } from './pages.ts';
import {
  ACCOUNT_MAX_FAILURES,
  SignInThrottle,
  THROTTLE_RULES,
  tooManyAttemptsMessage,
} from './rate-limit.ts';
import { Browser, createTestIdentity, mailedLink, readOutbox, type TestIdentity } from './test-support.ts';

const PASSWORD = 'hose-fitter-2024';

let identity: TestIdentity;
let database: Database;

beforeAll(async () => {
  identity = await createTestIdentity();
  database = identity.database;
});

afterAll(async () => {
  await identity.close();
});

async function counts() {
  const [row] = await queryRows<Record<'organizations' | 'users' | 'memberships' | 'subscriptions', number>>(
    database.db,
    sql`select
      (select count(*)::int from organizations) as organizations,
      (select count(*)::int from users) as users,
      (select count(*)::int from memberships) as memberships,
      (select count(*)::int from subscriptions) as subscriptions`,
  );
  return row;
}

async function rejection(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (err: unknown) => err,
  );
  if (!(error instanceof AppError)) throw new Error(`Expected an AppError, got ${String(error)}`);
  return error;
}

const signUpInput = (email: string) => ({
  name: 'Dana Fitter',
  email,
  password: PASSWORD,
  organizationName: 'Fitter Hydraulics',
});

describe('createOrganizationWithAdmin', () => {
  it('creates the organisation, the user, an admin membership and a trial subscription', async () => {
    const before = Date.now();
    const { userId, organizationId } = await createOrganizationWithAdmin(
      database,
      signUpInput('Dana@Example.com'),
    );

    const [user] = await database.db.select().from(users).where(eq(users.id, userId));
    expect(user).toMatchObject({ email: 'dana@example.com', name: 'Dana Fitter', emailVerifiedAt: null });
    expect(user?.passwordHash).toMatch(/^scrypt\$/);
    expect(user?.passwordHash).not.toContain(PASSWORD);

    const [organization] = await database.db
      .select()
      .from(organizations)
      .where(eq(organizations.id, organizationId));
    expect(organization?.name).toBe('Fitter Hydraulics');

    const roles = await database.db.select().from(memberships).where(eq(memberships.userId, userId));
    expect(roles).toEqual([expect.objectContaining({ organizationId, role: 'admin' })]);

    const [subscription] = await database.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.organizationId, organizationId));
    expect(subscription).toMatchObject({
      tier: 'trial',
      maxCustomers: PLANS.trial.maxCustomers,
      maxHoseAssemblies: PLANS.trial.maxHoseAssemblies,
      maxHoseKits: PLANS.trial.maxHoseKits,
    });
    const trialEnd = before + TRIAL_DAYS * 24 * 60 * 60_000;
    expect(Math.abs((subscription?.expiresAt.getTime() ?? 0) - trialEnd)).toBeLessThan(60_000);
  });

  it('writes nothing when any step fails (one transaction)', async () => {
    const before = await counts();
    await database.db.execute(sql`create function refuse_subscription() returns trigger language plpgsql as $$
      begin raise exception 'subscription refused'; end $$`);
    await database.db.execute(
      sql`create trigger refuse_subscription before insert on subscriptions for each row execute function refuse_subscription()`,
    );
    try {
      await expect(
        createOrganizationWithAdmin(database, signUpInput('atomic@example.com')),
      ).rejects.toThrow();
    } finally {
      await database.db.execute(sql`drop trigger refuse_subscription on subscriptions`);
      await database.db.execute(sql`drop function refuse_subscription`);
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses an email that already has an account, whatever its case, and creates nothing', async () => {
    await createOrganizationWithAdmin(database, signUpInput('taken@example.com'));
    const before = await counts();
    const error = await rejection(createOrganizationWithAdmin(database, signUpInput('TAKEN@example.com')));
    expect(error.code).toBe(AppErrorCode.Conflict);
    expect(error.statusCode).toBe(409);
    expect(error.message).toBe('An account with this email already exists');
    expect(await counts()).toEqual(before);
  });

  it('creates one account when two sign-ups with the same email race', async () => {
    const results = await Promise.allSettled([
      createOrganizationWithAdmin(database, signUpInput('race@example.com')),
      createOrganizationWithAdmin(database, signUpInput('race@example.com')),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rows = await database.db.select().from(users).where(eq(users.email, 'race@example.com'));
    expect(rows).toHaveLength(1);
  });

  it('refuses a weak password with its message and writes nothing', async () => {
    const before = await counts();
    const error = await rejection(
      createOrganizationWithAdmin(database, { ...signUpInput('weak@example.com'), password: 'short-1' }),
    );
    expect(error.code).toBe(AppErrorCode.BadRequest);
    expect(error.details?.issues).toEqual([{ field: 'password', message: 'Use at least 10 characters' }]);
    const lettersOnly = await rejection(
      createOrganizationWithAdmin(database, {
        ...signUpInput('weak@example.com'),
        password: 'onlyletterspassword',
      }),
    );
    expect(lettersOnly.details?.issues).toEqual([
      { field: 'password', message: 'Mix letters with numbers or symbols' },
    ]);
    expect(await counts()).toEqual(before);
  });

  it('refuses a missing organisation name with its message and writes nothing', async () => {
    const before = await counts();
    const error = await rejection(
      createOrganizationWithAdmin(database, { ...signUpInput('noorg@example.com'), organizationName: '   ' }),
    );
    expect(error.statusCode).toBe(400);
    expect(error.details?.issues).toEqual([
      { field: 'organizationName', message: 'Enter your shop or company name' },
    ]);
    expect(error.message).toBe('Enter your shop or company name');
    expect(await counts()).toEqual(before);
  });

  it('can start verified (seeded or invited accounts)', async () => {
    const { userId } = await createOrganizationWithAdmin(database, {
      ...signUpInput('seeded@example.com'),
      emailVerified: true,
    });
    expect((await findAccountProfile(database, userId))?.emailVerified).toBe(true);
  });
});

describe('authenticate', () => {
  const ip = '203.0.113.7';
  let limiter: SignInThrottle;
  let now: number;

  beforeEach(() => {
    now = Date.UTC(2030, 0, 1);
    limiter = new SignInThrottle({ clock: () => now });
  });

  it('accepts the right password (email in any case) and refuses a wrong one', async () => {
    const { userId } = await createOrganizationWithAdmin(database, signUpInput('signin@example.com'));
    const user = await authenticate(database, 'SignIn@Example.com', PASSWORD, ip, undefined, limiter);
    expect(user).toEqual({ userId, email: 'signin@example.com', emailVerified: false });

    const wrong = await rejection(
      authenticate(database, 'signin@example.com', 'nope-nope-1', ip, undefined, limiter),
    );
    expect(wrong.code).toBe(AppErrorCode.Unauthenticated);
    expect(wrong.message).toBe('Wrong email or password.');
    const unknown = await rejection(
      authenticate(database, 'ghost@example.com', PASSWORD, ip, undefined, limiter),
    );
    expect(unknown.message).toBe('Wrong email or password.');
  });

  it('slows one account from one address with growing delays; its owner elsewhere signs in', async () => {
    await createOrganizationWithAdmin(database, signUpInput('guessed@example.com'));
    const attacker = '198.51.100.66';
    const attempt = (password: string, from = attacker) =>
      authenticate(database, 'guessed@example.com', password, from, undefined, limiter).then(
        () => 'signed in',
        (error: AppError) => error.message,
      );
    for (let i = 0; i < THROTTLE_RULES.pair.free + 1; i++) {
      expect(await attempt(`wrong-${i}-pass`)).toBe('Wrong email or password.');
    }
    // Past the allowance: 2 s, then 4 s, then 8 s … even with the right password, from that address only.
    expect(await attempt(PASSWORD)).toBe('Too many attempts. Try again in 2 seconds.');
    expect(await attempt(PASSWORD, ip)).toBe('signed in');
    now += 2000;
    expect(await attempt('wrong-again-1')).toBe('Wrong email or password.');
    expect(await attempt(PASSWORD)).toBe('Too many attempts. Try again in 4 seconds.');
    now += 4000;
    expect(await attempt(PASSWORD)).toBe('signed in');
  });

  it('slows an address that sprays one password across many accounts', async () => {
    await createOrganizationWithAdmin(database, signUpInput('victim@example.com'));
    const sprayer = '203.0.113.99';
    for (let i = 0; i <= THROTTLE_RULES.address.free; i++) {
      await rejection(
        authenticate(database, `probe${i}@example.com`, 'Summer2024!', sprayer, undefined, limiter),
      );
    }
    const fromSprayer = await rejection(
      authenticate(database, 'victim@example.com', PASSWORD, sprayer, undefined, limiter),
    );
    expect(fromSprayer.code).toBe(AppErrorCode.TooManyRequests);
    expect(fromSprayer.statusCode).toBe(429);
    expect(fromSprayer.details).toEqual({ retryAfterSeconds: 2 });
    await expect(
      authenticate(database, 'victim@example.com', PASSWORD, '192.0.2.1', undefined, limiter),
    ).resolves.toBeTruthy();
    now += 2000;
    await expect(
      authenticate(database, 'victim@example.com', PASSWORD, sprayer, undefined, limiter),
    ).resolves.toBeTruthy();
  });

  it('accepts at most 100 failures an hour for one account from all addresses together', async () => {
    const throttle = new SignInThrottle({ clock: () => now });
    const email = 'popular@example.com';
    for (let i = 0; i < ACCOUNT_MAX_FAILURES - 1; i++) {
      await throttle.recordFailure(email, `10.0.${Math.floor(i / 250)}.${i % 250}`);
    }
    expect(await throttle.check(email, '192.0.2.50')).toEqual({ allowed: true });
    await throttle.recordFailure(email, '10.1.0.1');
    const refused = await throttle.check(email, '192.0.2.50');
    expect(refused.allowed).toBe(false);
    expect(tooManyAttemptsMessage(refused.allowed ? 0 : refused.retryAfterMs)).toBe(
      'Too many attempts. Try again in 60 minutes.',
    );
    now += 60 * 60_000;
    expect(await throttle.check(email, '192.0.2.50')).toEqual({ allowed: true });
  });

  it('shows the wait on the sign-in page', async () => {
    await createOrganizationWithAdmin(database, signUpInput('pagelock@example.com'));
    const browser = new Browser(identity.app);
    const start = await browser.get(
      `/idp/authorize?${new URLSearchParams({
        client_id: identity.config.OIDC_CLIENT_ID,
        redirect_uri: 'http://localhost:3000/callback',
        response_type: 'code',
        scope: 'openid',
        code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
        code_challenge_method: 'S256',
      })}`,
    );
    const page = new URL(start.headers.location as string, 'http://localhost:3000').pathname;
    for (let i = 0; i <= THROTTLE_RULES.pair.free; i++) {
      const failed = await browser.post(`${page}/login`, {
        email: 'pagelock@example.com',
        password: 'wrong-pass-1',
      });
      expect(failed.body).toContain('Wrong email or password.');
    }
    const refused = await browser.post(`${page}/login`, {
      email: 'pagelock@example.com',
      password: PASSWORD,
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toContain('Too many attempts. Try again in 2 seconds.');

    identity.advance(2000);
    const accepted = await browser.post(`${page}/login`, {
      email: 'pagelock@example.com',
      password: PASSWORD,
    });
    expect(accepted.statusCode).toBe(303);
  });
});

describe('email verification', () => {
  it('mails a link that marks the email verified once', async () => {
    const email = 'verify@example.com';
    const { userId } = await createOrganizationWithAdmin(database, signUpInput(email));
    await sendVerificationEmail(database, identity.mailer, identity.config, userId);

    const [mail] = await readOutbox(identity.dataDir, email);
    expect(mail?.file).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z-verify@example\.com\.eml$/);
    expect(mail?.content).toContain('Subject: Confirm your email address for Hosewright');
    expect(mail?.content).toContain(`To: ${email}`);
    const [outboxRow] = await database.db.select().from(emailOutbox).where(eq(emailOutbox.to, email));
    expect(outboxRow).toMatchObject({ delivered: true, error: null });

    const link = await mailedLink(identity.dataDir, email, 'verify-email');
    const browser = new Browser(identity.app);
    const page = await browser.get(link);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Email verified');
    expect(page.body).toContain('http://localhost:3000/login');
    // The way on is a link: the page does not go away by itself while someone is reading it.
    expect(page.body).not.toContain('http-equiv="refresh"');
    expect((await findAccountProfile(database, userId))?.emailVerified).toBe(true);

    const again = await browser.get(link);
    expect(again.statusCode).toBe(400);
    expect(again.body).toContain('This link has already been used.');
  });

  it('refuses an expired or unknown token with a clear message', async () => {
    const email = 'late@example.com';
    const { userId } = await createOrganizationWithAdmin(database, signUpInput(email));
    const eightDaysAgo = new Date(Date.now() - 8 * 24 * 60 * 60_000);
    await sendVerificationEmail(database, identity.mailer, identity.config, userId, eightDaysAgo);
    const link = await mailedLink(identity.dataDir, email, 'verify-email');
    const expired = await new Browser(identity.app).get(link);
    expect(expired.statusCode).toBe(400);
    expect(expired.body).toContain('This link has expired.');

    const unknown = await new Browser(identity.app).get('/idp/verify-email?token=made-up');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('This link is not valid.');
    await expect(verifyEmail(database, '')).rejects.toThrow('This link is not valid.');
  });

  it('sends nothing to an already verified address', async () => {
    const email = 'already@example.com';
    const { userId } = await createOrganizationWithAdmin(database, {
      ...signUpInput(email),
      emailVerified: true,
    });
    await sendVerificationEmail(database, identity.mailer, identity.config, userId);
    expect(await readOutbox(identity.dataDir, email)).toEqual([]);
  });
});

describe('password reset', () => {
  it('works end to end through the pages, once', async () => {
    const email = 'reset@example.com';
    await createOrganizationWithAdmin(database, signUpInput(email));
    const browser = new Browser(identity.app);

    const form = await browser.get('/idp/forgot-password');
    expect(form.statusCode).toBe(200);
    const requested = await browser.post('/idp/forgot-password', { email });
    expect(requested.statusCode).toBe(200);
    expect(requested.body).toContain('If an account exists');

    const link = await mailedLink(identity.dataDir, email, 'reset-password');
    const page = await browser.get(link);
    expect(page.statusCode).toBe(200);
    const token = new URL(link, 'http://localhost:3000').searchParams.get('token') ?? '';
    expect(page.body).toContain(`value="${token}"`);

    const mismatch = await browser.post('/idp/reset-password', {
      token,
      password: 'new-password-42',
      confirmation: 'other-password-42',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.body).toContain('The passwords do not match');

    const weak = await browser.post('/idp/reset-password', {
      token,
      password: 'short',
      confirmation: 'short',
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.body).toContain('Use at least 10 characters');

    const saved = await browser.post('/idp/reset-password', {
      token,
      password: 'new-password-42',
      confirmation: 'new-password-42',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.body).toContain('Password changed');

    const limiter = new SignInThrottle();
    await expect(
      authenticate(database, email, 'new-password-42', '192.0.2.9', undefined, limiter),
    ).resolves.toMatchObject({
      email,
      emailVerified: true,
    });
    await expect(authenticate(database, email, PASSWORD, '192.0.2.9', undefined, limiter)).rejects.toThrow(
      'Wrong email or password.',
    );

    const reused = await browser.post('/idp/reset-password', {
      token,
      password: 'third-password-42',
      confirmation: 'third-password-42',
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.body).toContain('This link has already been used.');
    expect((await browser.get(link)).body).toContain('This link has already been used.');
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const browser = new Browser(identity.app);
    const response = await browser.post('/idp/forgot-password', { email: 'nobody@example.com' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('If an account exists');
    expect(await readOutbox(identity.dataDir, 'nobody@example.com')).toEqual([]);
  });

  it('answers a known and an unknown email alike, and limits requests per address', async () => {
    const email = 'limited@example.com';
    await createOrganizationWithAdmin(database, signUpInput(email));
    const ask = (address: string, to: string) =>
      identity.app.inject({
        method: 'POST',
        url: '/idp/forgot-password',
        headers: { host: 'localhost:3000', 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ email: to }).toString(),
        remoteAddress: address,
      });
    const known = await ask('198.51.100.31', email);
    const unknown = await ask('198.51.100.31', 'not-a-customer@example.com');
    expect([known.statusCode, unknown.statusCode]).toEqual([200, 200]);
    expect(known.body).toBe(unknown.body);
    await mailedLink(identity.dataDir, email, 'reset-password');

    const answers: number[] = [];
    for (let i = 0; i < FORM_MAX_PER_HOUR; i++) answers.push((await ask('198.51.100.32', email)).statusCode);
    expect(answers).toEqual(Array(FORM_MAX_PER_HOUR).fill(200));
    const refused = await ask('198.51.100.32', email);
    expect(refused.statusCode).toBe(429);
    expect(refused.body).toContain(
      'This form was sent many times from your network. Please try again in 60 minutes.',
    );
    expect((await ask('198.51.100.33', email)).statusCode).toBe(200);
  });

  it('keeps only the newest link and expires links after an hour', async () => {
    const email = 'twice@example.com';
    await createOrganizationWithAdmin(database, signUpInput(email));
    const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60_000);
    await requestPasswordReset(database, identity.mailer, identity.config, email, twoHoursAgo);
    const old = new URL(
      await mailedLink(identity.dataDir, email, 'reset-password'),
      'http://x',
    ).searchParams.get('token');
    const expired = await rejection(resetPassword(database, old ?? '', 'new-password-42'));
    expect(expired.message).toBe('This link has expired. Ask for a new one.');

    await requestPasswordReset(database, identity.mailer, identity.config, email);
    const first = new URL(
      await mailedLink(identity.dataDir, email, 'reset-password'),
      'http://x',
    ).searchParams.get('token');
    await requestPasswordReset(database, identity.mailer, identity.config, email);
    const second = new URL(
      await mailedLink(identity.dataDir, email, 'reset-password'),
      'http://x',
    ).searchParams.get('token');
    expect(second).not.toBe(first);
    await expect(resetPassword(database, first ?? '', 'new-password-42')).rejects.toThrow(
      'already been used',
    );
    await expect(resetPassword(database, second ?? '', 'new-password-42')).resolves.toBeTruthy();
  });
});
