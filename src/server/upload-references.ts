import { settingUploadReferences } from './db/settings.repository';
import { postUploadReferences, removePostUploadReferences } from './features/blog/post-upload-references.repository';
import { companyUploadReferences, removeCompanyUploadReferences } from './features/company/company.repository';
import {
  projectUploadReferences,
  removeProjectUploadReferences,
} from './features/portfolio/project-upload-references.repository';
import {
  contentUploadReferences,
  removeContentUploadReferences,
} from './features/site-content/content-upload-references.repository';
import type { UploadReferenceRemovers, UploadReferenceSources } from './features/uploads/upload-usage.repository';

/** Where the media library looks for references to uploads, each feature over its own tables, in this order. */
export const uploadReferences: UploadReferenceSources = [
  postUploadReferences,
  projectUploadReferences,
  contentUploadReferences,
  companyUploadReferences,
  settingUploadReferences,
];

/** Where a deleted upload's references are taken out, each feature in its own tables (a setting keeps its text). */
export const uploadReferenceRemovers: UploadReferenceRemovers = [
  removePostUploadReferences,
  removeProjectUploadReferences,
  removeContentUploadReferences,
  removeCompanyUploadReferences,
];
