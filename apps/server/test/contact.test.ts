import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages, emailOutbox, feedback } from '../src/db/schema.ts';
import { bearer, createTenant, createTestApp, type TestApp, type TestTenant } from './helpers.ts';

const t: TestApp = await createTestApp({ CONTACT_EMAIL: 'sales@hosewright.example' });
afterAll(() => t.close());

let ipCounter = 0;
const freshIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

function contact(payload: Record<string, unknown>, ip = freshIp()) {
  return t.app.inject({ method: 'POST', url: '/api/v1/contact', payload, remoteAddress: ip });
}

const good = {
  name: 'Dana Field',
  email: 'dana@prairiefarms.example',
  company: 'Prairie Farms',
  message: 'We run twelve tractors and want a quote for hose kits.',
};

async function lastMailTo(to: string) {
  const [row] = await t.database.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.to, to))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  return row;
}

describe('the public contact form', () => {
  it('stores the message and emails it to the company address', async () => {
    const res = await contact(good);
    expect(res.statusCode).toBe(201);
    const [stored] = await t.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, good.email));
    expect(stored).toMatchObject({ name: 'Dana Field', company: 'Prairie Farms', message: good.message });
    const mail = await lastMailTo('sales@hosewright.example');
    expect(mail?.subject).toBe('Contact form: Dana Field (Prairie Farms)');
    expect(mail?.text).toContain('dana@prairiefarms.example');
    expect(mail?.text).toContain(good.message);
  });

  it('refuses bad input with messages a person understands and stores nothing', async () => {
    const res = await contact({ name: '', email: 'not-an-address', message: 'hi' });
    expect(res.statusCode).toBe(400);
    const messages = (res.json().details.issues as { message: string }[]).map((i) => i.message);
    expect(messages).toEqual([
      'Tell us your name',
      'Enter an email address we can answer, like name@example.com',
      'Write at least a sentence (10 characters) so we can help',
    ]);
    const stored = await t.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.email, 'not-an-address'));
    expect(stored).toEqual([]);
  });

  it('asks a sender who keeps posting to wait, without limiting anyone else', async () => {
    const ip = freshIp();
    for (let i = 0; i < 5; i += 1)
      expect((await contact({ ...good, name: `Sender ${i}` }, ip)).statusCode).toBe(201);
    const sixth = await contact(good, ip);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().message).toMatch(/several messages in a short time\. Please try again in 10 minutes/);
    expect((await contact(good, freshIp())).statusCode).toBe(201);
  });
});

describe('share your feedback', () => {
  let shop: TestTenant;
  beforeAll(async () => {
    shop = await createTenant(t, { name: 'Valley Hydraulics' });
  });

  it('stores a member’s feedback with their organisation and acknowledges it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/feedback',
      headers: bearer(shop.regularToken),
      payload: {
        category: 'idea',
        message: 'Let me print two tags at once please.',
        page: '/hoseassemblies',
      },
    });
    expect(res.statusCode).toBe(201);
    const { id } = res.json();
    const [row] = await t.database.withTenant(shop.organizationId, (tx) =>
      tx.select().from(feedback).where(eq(feedback.id, id)),
    );
    expect(row).toMatchObject({ userId: shop.regularId, category: 'idea', page: '/hoseassemblies' });
    const mail = await lastMailTo('sales@hosewright.example');
    expect(mail?.subject).toBe('Feedback (idea) from Valley Hydraulics');
  });

  it('needs a signed-in member and a known category', async () => {
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/v1/feedback',
      payload: { category: 'idea', message: 'Anonymous feedback text' },
    });
    expect(anonymous.statusCode).toBe(401);
    const odd = await t.app.inject({
      method: 'POST',
      url: '/api/v1/feedback',
      headers: bearer(shop.adminToken),
      payload: { category: 'rant', message: 'Some words that are long enough' },
    });
    expect(odd.statusCode).toBe(400);
    expect(odd.json().message).toBe('Choose what kind of feedback this is');
  });
});
