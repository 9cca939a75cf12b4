import type { Migration } from 'kysely';
import * as initial from './2026-11-21T00-00-00_initial';
import * as auth from './2026-11-22T00-00-00_auth';
import * as leads from './2026-11-23T00-00-00_leads';
import * as certificates from './2026-11-24T00-00-00_certificates';
import * as landingContent from './2026-11-25T00-00-00_landing-content';
import * as analyticsCollection from './2026-11-26T00-00-00_analytics-collection';
import * as analyticsRollups from './2026-11-27T00-00-00_analytics-rollups';
import * as backups from './2026-11-28T00-00-00_backups';
import * as fulltextSearch from './2026-11-29T00-00-00_fulltext-search';
import * as userAppSettings from './2026-11-30T00-00-00_user-app-settings';
import * as contentScaleIndexes from './2026-12-01T00-00-00_content-scale-indexes';
import * as mailLimits from './2026-12-02T00-00-00_mail-limits';
import * as redirects from './2026-12-05T00-00-00_redirects';
import * as scheduledPublishing from './2026-12-06T00-00-00_scheduled-publishing';
import * as revisions from './2026-12-07T00-00-00_revisions';
import * as twoFactor from './2026-12-08T00-00-00_two-factor';
import * as passkeys from './2026-12-09T00-00-00_passkeys';
import * as profileVersions from './2026-12-10T00-00-00_profile-versions';
import * as leadFollowUps from './2026-12-11T00-00-00_lead-follow-ups';
import * as newsletterSending from './2026-12-12T00-00-00_newsletter-sending';
import * as commentModeration from './2026-12-13T00-00-00_comment-moderation';
import * as projectSeo from './2026-12-14T00-00-00_project-seo';

/** Every migration, keyed by its file name. Append new ones; never edit a released one. */
export const migrations: Record<string, Migration> = {
  '2026-11-21T00-00-00_initial': initial,
  '2026-11-22T00-00-00_auth': auth,
  '2026-11-23T00-00-00_leads': leads,
  '2026-11-24T00-00-00_certificates': certificates,
  '2026-11-25T00-00-00_landing-content': landingContent,
  '2026-11-26T00-00-00_analytics-collection': analyticsCollection,
  '2026-11-27T00-00-00_analytics-rollups': analyticsRollups,
  '2026-11-28T00-00-00_backups': backups,
  '2026-11-29T00-00-00_fulltext-search': fulltextSearch,
  '2026-11-30T00-00-00_user-app-settings': userAppSettings,
  '2026-12-01T00-00-00_content-scale-indexes': contentScaleIndexes,
  '2026-12-02T00-00-00_mail-limits': mailLimits,
  '2026-12-05T00-00-00_redirects': redirects,
  '2026-12-06T00-00-00_scheduled-publishing': scheduledPublishing,
  '2026-12-07T00-00-00_revisions': revisions,
  '2026-12-08T00-00-00_two-factor': twoFactor,
  '2026-12-09T00-00-00_passkeys': passkeys,
  '2026-12-10T00-00-00_profile-versions': profileVersions,
  '2026-12-11T00-00-00_lead-follow-ups': leadFollowUps,
  '2026-12-12T00-00-00_newsletter-sending': newsletterSending,
  '2026-12-13T00-00-00_comment-moderation': commentModeration,
  '2026-12-14T00-00-00_project-seo': projectSeo,
};
