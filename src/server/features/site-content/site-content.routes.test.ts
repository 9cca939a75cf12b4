import { describe, expect, it } from 'vitest';
import {
  internshipCardSchema,
  pricingPackageCardSchema,
  serviceCardSchema,
  teamMemberCardSchema,
  techStackGroupSchema,
  testimonialCardSchema,
} from '../../../shared/contracts/site-content';
import { z } from '../../../shared/zod';
import {
  demoInternships,
  demoPackages,
  demoServices,
  demoTeam,
  demoTechStack,
  demoTestimonials,
} from '../../seed/demo-content';
import { useTestApp } from '../../testing/test-app';
import { testDialects } from '../../testing/test-database';

describe.each(testDialects)('the landing content calls on %s', (dialect) => {
  const t = useTestApp(dialect);
  const db = () => t.db.database.db;

  async function get<T extends z.ZodType>(url: string, schema: T): Promise<z.infer<T>[]> {
    const res = await t.app.inject({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toMatch(/^public/);
    const body = res.json();
    expect(body.success).toBe(true);
    return z.array(schema).parse(body.data);
  }

  it('GET /api/services lists the visible cards in order, all or by featured', async () => {
    const services = await get('/api/services', serviceCardSchema);
    expect(services.map((s) => s.title)).toEqual(demoServices.map((s) => s.title));
    expect(services[0]).toMatchObject({ icon: 'Code', featured: true, light: false });
    expect(services[1]).toMatchObject({ title: 'AI Integration & Automation', light: true });
    expect((await get('/api/services?active=true&featured=true', serviceCardSchema)).map((s) => s.title)).toEqual(
      demoServices.filter((s) => s.featured).map((s) => s.title),
    );
    expect((await get('/api/services?featured=false', serviceCardSchema)).map((s) => s.title)).toEqual(
      demoServices.filter((s) => !s.featured).map((s) => s.title),
    );
  });

  it('GET /api/services refuses to list hidden cards and unknown filter values', async () => {
    for (const query of ['active=false', 'active=all', 'featured=maybe']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/services?${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ success: false });
    }
  });

  it('leaves hidden items out and follows the staff order', async () => {
    const first = await db().selectFrom('services').select('id').orderBy('sort_order').executeTakeFirstOrThrow();
    await db().updateTable('services').set({ active: 0 }).where('id', '=', first.id).execute();
    const last = await db()
      .selectFrom('testimonials')
      .select('id')
      .orderBy('sort_order', 'desc')
      .executeTakeFirstOrThrow();
    await db().updateTable('testimonials').set({ sort_order: -1 }).where('id', '=', last.id).execute();
    try {
      const services = await get('/api/services', serviceCardSchema);
      expect(services.map((s) => s.id)).not.toContain(first.id);
      expect(services).toHaveLength(demoServices.length - 1);
      const testimonials = await get('/api/testimonials', testimonialCardSchema);
      expect(testimonials[0]!.id).toBe(last.id);
    } finally {
      await db().updateTable('services').set({ active: 1 }).where('id', '=', first.id).execute();
      await db()
        .updateTable('testimonials')
        .set({ sort_order: demoTestimonials.length - 1 })
        .where('id', '=', last.id)
        .execute();
    }
  });

  it('GET /api/team gives each member their skills in order and their social links', async () => {
    const team = await get('/api/team', teamMemberCardSchema);
    expect(team.map((m) => m.name)).toEqual(demoTeam.map((m) => m.name));
    expect(team[0]).toMatchObject({
      position: demoTeam[0]!.position,
      skills: demoTeam[0]!.skills,
      social: { linkedin: demoTeam[0]!.linkedin, github: null, twitter: null, email: demoTeam[0]!.email },
    });
  });

  it('GET /api/testimonials, /api/packages, /api/internships and /api/tech-stack serve the demo content', async () => {
    const testimonials = await get('/api/testimonials', testimonialCardSchema);
    expect(testimonials.map((x) => [x.name, x.company, x.rating])).toEqual(
      demoTestimonials.map((x) => [x.name, x.company, x.rating]),
    );

    const packages = await get('/api/packages', pricingPackageCardSchema);
    expect(packages.map((p) => [p.title, p.price, p.features])).toEqual(
      demoPackages.map((p) => [p.title, p.price, p.features]),
    );
    expect(packages[2]!.price).toBeNull();

    const internships = await get('/api/internships', internshipCardSchema);
    expect(internships.map((i) => [i.title, i.duration, i.skills, i.requirements])).toEqual(
      demoInternships.map((i) => [i.title, i.duration, i.skills, i.requirements]),
    );

    const stack = await get('/api/tech-stack', techStackGroupSchema);
    expect(stack.map((g) => [g.title, g.items])).toEqual(demoTechStack.map((g) => [g.title, g.items]));
  });

  it('answers empty lists, not errors, when there is no content', async () => {
    await db().updateTable('tech_stack_groups').set({ active: 0 }).execute();
    try {
      expect(await get('/api/tech-stack', techStackGroupSchema)).toEqual([]);
    } finally {
      await db().updateTable('tech_stack_groups').set({ active: 1 }).execute();
    }
  });

  it('returns stored markup as text, never altered or interpreted', async () => {
    const hostile = '<img src=x onerror=alert(1)> & "quotes"';
    const now = new Date().toISOString();
    await db()
      .insertInto('testimonials')
      .values({ name: hostile, text: hostile, rating: 4, sort_order: 99, created_at: now, updated_at: now })
      .execute();
    try {
      const testimonials = await get('/api/testimonials', testimonialCardSchema);
      expect(testimonials.at(-1)).toMatchObject({ name: hostile, text: hostile, rating: 4, position: null });
    } finally {
      await db().deleteFrom('testimonials').where('sort_order', '=', 99).execute();
    }
  });
});
