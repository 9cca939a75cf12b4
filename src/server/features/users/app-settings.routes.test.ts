import { describe, expect, it } from 'vitest';
import { appSettingsSchema } from '../../../shared/contracts/app-settings';
import {
  AppSettingsMessage,
  DEFAULT_APP_SETTINGS,
  type AppSettings,
} from '../../../shared/contracts/app-settings.values';
import { bearer, createSignedIn, type Session } from '../../testing/auth-helpers';
import { useTestApp } from '../../testing/test-app';
import { testDialects } from '../../testing/test-database';

const dark: AppSettings = {
  theme: { mode: 'dark', fontSize: 'large' },
  notifications: { position: 'bottom-left' },
  localization: { timeFormat: '24h' },
  accessibility: { reducedMotion: true },
};

describe.each(testDialects)('/api/auth/app-settings on %s', (dialect) => {
  const t = useTestApp(dialect, { seed: false });
  const db = () => t.db.database.db;

  const call = (method: 'GET' | 'PUT', session?: Session, payload?: unknown) =>
    t.app.inject({
      method,
      url: '/api/auth/app-settings',
      headers: session ? bearer(session.token) : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const get = async (session: Session) => {
    const res = await call('GET', session);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    return appSettingsSchema.parse(res.json().data);
  };
  const stored = (session: Session) =>
    db()
      .selectFrom('user_app_settings')
      .select(['theme_mode', 'font_size', 'notification_position', 'time_format', 'reduced_motion'])
      .where('user_id', '=', session.user.id)
      .execute();

  it('is refused without a session', async () => {
    for (const [method, body] of [
      ['GET', undefined],
      ['PUT', dark],
    ] as const) {
      const res = await call(method, undefined, body);
      expect(res.statusCode, method).toBe(401);
      expect(res.json()).toMatchObject({ success: false, code: 'UNAUTHENTICATED' });
    }
  });

  it('gives the defaults until saved, then what each staff member saved for themselves; every role may', async () => {
    const viewer = await createSignedIn(t.app, db(), { role: 'viewer' });
    const editor = await createSignedIn(t.app, db(), { role: 'editor' });
    const admin = await createSignedIn(t.app, db(), { role: 'admin' });
    expect(await get(viewer)).toEqual(DEFAULT_APP_SETTINGS);
    expect(DEFAULT_APP_SETTINGS).toEqual({
      theme: { mode: 'light', fontSize: 'medium' },
      notifications: { position: 'top-right' },
      localization: { timeFormat: '12h' },
      accessibility: { reducedMotion: false },
    });

    const saved = await call('PUT', viewer, dark);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ success: true, data: dark, message: AppSettingsMessage.SAVED });
    expect(await get(viewer)).toEqual(dark);
    expect(await stored(viewer)).toEqual([
      {
        theme_mode: 'dark',
        font_size: 'large',
        notification_position: 'bottom-left',
        time_format: '24h',
        reduced_motion: 1,
      },
    ]);
    // Someone else's settings are theirs.
    expect(await get(editor)).toEqual(DEFAULT_APP_SETTINGS);
    const auto = { ...DEFAULT_APP_SETTINGS, theme: { mode: 'auto', fontSize: 'small' } };
    expect((await call('PUT', admin, auto)).statusCode).toBe(200);
    expect(await get(admin)).toEqual(auto);
    expect(await get(viewer)).toEqual(dark);

    // The same values again (MySQL reports no changed row), then the defaults back.
    expect((await call('PUT', viewer, dark)).statusCode).toBe(200);
    expect((await call('PUT', viewer, DEFAULT_APP_SETTINGS)).statusCode).toBe(200);
    expect(await get(viewer)).toEqual(DEFAULT_APP_SETTINGS);
    expect(await stored(viewer)).toHaveLength(1);
  });

  it('refuses a value outside its list with the specification message and changes nothing', async () => {
    const me = await createSignedIn(t.app, db(), { role: 'editor' });
    expect((await call('PUT', me, dark)).statusCode).toBe(200);
    const cases: Array<[body: unknown, field: string, message: string]> = [
      [
        { ...dark, theme: { mode: 'sepia', fontSize: 'large' } },
        'theme.mode',
        'theme.mode must be one of: light, dark, auto',
      ],
      [
        { ...dark, theme: { mode: 'dark', fontSize: 'huge' } },
        'theme.fontSize',
        'theme.fontSize must be one of: small, medium, large',
      ],
      [
        { ...dark, notifications: { position: 'center' } },
        'notifications.position',
        'notifications.position must be one of: top-left, top-right, bottom-left, bottom-right',
      ],
      [
        { ...dark, localization: { timeFormat: '36h' } },
        'localization.timeFormat',
        'localization.timeFormat must be one of: 12h, 24h',
      ],
      [
        { ...dark, accessibility: { reducedMotion: 'yes' } },
        'accessibility.reducedMotion',
        'accessibility.reducedMotion must be true or false',
      ],
      [{ ...dark, theme: undefined }, 'theme', 'theme is required'],
      [{ ...dark, theme: { mode: '<b>dark</b>', fontSize: 'large' } }, 'theme.mode', 'theme.mode must be one of'],
    ];
    for (const [body, field, message] of cases) {
      const res = await call('PUT', me, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const answer = res.json();
      expect(answer).toMatchObject({ success: false, code: 'VALIDATION_ERROR' });
      const error = (answer.errors as Array<{ field: string; message: string }>).find((e) => e.field === field);
      expect(error?.message, JSON.stringify(answer)).toContain(message);
    }
    // A setting the server does not know is refused, not silently stored.
    const extra = await call('PUT', me, { ...dark, layout: { sidebarPosition: 'left' } });
    expect(extra.statusCode).toBe(400);
    expect(extra.body).toContain("Field 'layout' is not defined in schema");
    for (const payload of ['not json', '[]', 'null', '42', '{"theme":']) {
      const res = await t.app.inject({
        method: 'PUT',
        url: '/api/auth/app-settings',
        headers: { ...bearer(me.token), 'content-type': 'application/json' },
        payload,
      });
      expect(res.statusCode, payload).toBe(400);
    }
    expect(await get(me)).toEqual(dark);
  });

  it('simultaneous first saves all succeed and leave one row', async () => {
    const me = await createSignedIn(t.app, db(), { role: 'viewer' });
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call('PUT', me, { ...dark, localization: { timeFormat: i % 2 === 0 ? '12h' : '24h' } }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(200));
    expect(await stored(me)).toHaveLength(1);
  });

  it('go with the user when the user is deleted', async () => {
    const admin = await createSignedIn(t.app, db(), { role: 'admin' });
    const me = await createSignedIn(t.app, db(), { role: 'viewer' });
    expect((await call('PUT', me, dark)).statusCode).toBe(200);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/auth/users/${me.user.id}`,
      headers: bearer(admin.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await stored(me)).toEqual([]);
  });
});
