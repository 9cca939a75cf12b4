import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Kysely } from 'kysely';
import { backupScheduleInputSchema } from '../../shared/contracts/backups';
import type { SetupCheck, SetupItem } from '../../shared/contracts/setup-check';
import type { Config } from '../config';
import type { DB } from '../db/schema';
import { SCHEDULE_SETTING } from '../features/backups/backups.service';
import { countPostsWithSlugs } from '../features/blog/blog-figures.repository';
import { findProfile } from '../features/company/company.repository';
import { countProjectsWithSlugs } from '../features/portfolio/portfolio-figures.repository';
import { adminOnGeneratedPassword } from '../features/users/first-admin';
import { demoBlogPosts } from '../seed/demo-blog-posts';
import { demoCompany } from '../seed/demo-content';
import { demoProjects } from '../seed/demo-projects';
import { readSetting } from '../db/settings.repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** What the site still lacks to serve a company in production (GET /api/system/setup, /api/ready). */
    setupCheck(): Promise<SetupCheck>;
  }
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '0.0.0.0']);

type Check = Omit<SetupItem, 'done'> & { done: boolean };

function configurationItems(config: Config): Check[] {
  const publicUrl = new URL(config.publicUrl);
  const localAddress = LOCAL_HOSTS.has(publicUrl.hostname) || publicUrl.hostname.endsWith('.localhost');
  const fromAddress = /<([^>]+)>/.exec(config.mailFrom)?.[1] ?? config.mailFrom;
  return [
    config.smtpUrl
      ? {
          id: 'mail',
          done: true,
          title: 'E-mail is sent through your mail server',
          detail: 'New-lead alerts, visitor confirmations and password e-mails go out through SMTP_URL.',
          link: null,
        }
      : {
          id: 'mail',
          done: false,
          title: 'E-mail is not sent',
          detail:
            'Without a mail server, new-lead alerts, visitor confirmations and password e-mails are only written to the server log, and nobody is told about a new lead. Set SMTP_URL (for example smtps://user:password@smtp.example.com) and restart.',
          link: null,
        },
    /@(localhost|example\.(com|org|net))$/i.test(fromAddress) || fromAddress.endsWith('.localhost')
      ? {
          id: 'mailFrom',
          done: false,
          title: `E-mails come from ${fromAddress}`,
          detail:
            'Mail from an address that is not yours is often refused or filed as spam, and replies go nowhere. Set MAIL_FROM to your company address, for example "Acme <hello@acme.com>".',
          link: null,
        }
      : {
          id: 'mailFrom',
          done: true,
          title: `E-mails come from ${fromAddress}`,
          detail: 'MAIL_FROM names your own address.',
          link: null,
        },
    localAddress || publicUrl.protocol !== 'https:'
      ? {
          id: 'publicUrl',
          done: false,
          title: `The site's address is ${config.publicUrl}`,
          detail:
            "Printed certificates (their QR codes), share and canonical links, the sitemap, the RSS feed and e-mails all carry this address. Set PUBLIC_URL to the site's public https address, for example https://www.acme.com, and restart.",
          link: null,
        }
      : {
          id: 'publicUrl',
          done: true,
          title: `The site's address is ${config.publicUrl}`,
          detail: 'Links, certificates, the sitemap, the feed and e-mails carry this address.',
          link: null,
        },
    config.backupS3 || config.storageS3
      ? {
          id: 'backupsOffSite',
          done: true,
          title: 'Backups are kept off this machine',
          detail: 'Backups are copied to (or kept in) an S3-compatible bucket.',
          link: null,
        }
      : {
          id: 'backupsOffSite',
          done: false,
          title: 'Backups stay on this machine',
          detail:
            'A disk failure would take the site and its backups together. Set BACKUP_S3_BUCKET with its access keys (any S3-compatible storage) so that every backup is copied off-site, or download backups regularly from Settings › Backups.',
          link: '/admin/settings#settings-backups',
        },
  ];
}

async function databaseItems(db: Kysely<DB>): Promise<Check[]> {
  const [company, schedule, generated, demoPosts, demoWork] = await Promise.all([
    findProfile(db),
    readSetting(db, SCHEDULE_SETTING),
    adminOnGeneratedPassword(db),
    countPostsWithSlugs(
      db,
      demoBlogPosts.map((post) => post.slug),
    ),
    countProjectsWithSlugs(
      db,
      demoProjects.map((project) => project.slug),
    ),
  ]);
  const scheduled = backupScheduleInputSchema.safeParse(schedule);
  const demoCompanyShown = company?.email === demoCompany.email || company?.name === demoCompany.name;
  const demoCount = demoPosts + demoWork;
  const demoParts = [
    demoCompanyShown ? 'the demo company information' : '',
    demoPosts > 0 ? `${demoPosts} demo blog post${demoPosts === 1 ? '' : 's'}` : '',
    demoWork > 0 ? `${demoWork} demo project${demoWork === 1 ? '' : 's'}` : '',
  ].filter(Boolean);
  return [
    company
      ? {
          id: 'company',
          done: true,
          title: 'The company information is filled in',
          detail: 'Its name, contacts and texts appear across the public pages.',
          link: '/admin/content',
        }
      : {
          id: 'company',
          done: false,
          title: 'The company information is missing',
          detail:
            'Visitors see a page saying the site is being set up until the company name, contacts and texts are saved in Content › Company.',
          link: '/admin/content',
        },
    scheduled.success && scheduled.data.enabled
      ? {
          id: 'backupsScheduled',
          done: true,
          title: `A backup is made every ${scheduled.data.everyHours} hours`,
          detail: 'Automatic backups are on (Settings › Backups).',
          link: '/admin/settings#settings-backups',
        }
      : {
          id: 'backupsScheduled',
          done: false,
          title: 'Backups are only made by hand',
          detail: 'Turn on automatic backups in Settings › Backups (daily is a good start).',
          link: '/admin/settings#settings-backups',
        },
    generated
      ? {
          id: 'adminPassword',
          done: false,
          title: `${generated} still signs in with the generated password`,
          detail:
            'The password printed at the first start (or written to first-admin.txt in the data folder) may have been seen in a log or a terminal. Change it in Settings › Change Password, then delete first-admin.txt if it is there.',
          link: '/admin/settings#settings-password',
        }
      : {
          id: 'adminPassword',
          done: true,
          title: 'No admin signs in with a generated password',
          detail: 'The first admin’s password was chosen or has been changed.',
          link: null,
        },
    demoParts.length > 0
      ? {
          id: 'demoContent',
          done: false,
          title: 'Demo content is still on the site',
          detail: `Visitors still see ${demoParts.join(', ')}. Replace the company information in Content › Company and delete or rewrite the demo posts and projects.`,
          link: demoCompanyShown || demoCount === 0 ? '/admin/content' : '/admin/blog',
        }
      : {
          id: 'demoContent',
          done: true,
          title: 'No demo content is left',
          detail: 'The company information, posts and projects are your own.',
          link: null,
        },
  ];
}

/** The order the Overview lists them in: what loses leads or data first. */
const ORDER: SetupItem['id'][] = [
  'company',
  'mail',
  'publicUrl',
  'mailFrom',
  'adminPassword',
  'backupsOffSite',
  'backupsScheduled',
  'demoContent',
];

export const setupCheckPlugin = fp(async (app: FastifyInstance) => {
  app.decorate('setupCheck', async (): Promise<SetupCheck> => {
    const items = [...configurationItems(app.config), ...(await databaseItems(app.database.db))];
    items.sort((a, b) => ORDER.indexOf(a.id) - ORDER.indexOf(b.id));
    return { done: items.every((item) => item.done), items };
  });
});
