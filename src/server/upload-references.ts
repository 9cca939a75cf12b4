import { settingUploadReferences } from './db/settings.repository';
import { postUploadReferences } from './features/blog/post-upload-references.repository';
import { companyUploadReferences } from './features/company/company.repository';
import { projectUploadReferences } from './features/portfolio/project-upload-references.repository';
import { contentUploadReferences } from './features/site-content/content-upload-references.repository';
import type { UploadReferenceSources } from './features/uploads/upload-usage.repository';

/** Where the media library looks for references to uploads, each feature over its own tables, in this order. */
export const uploadReferences: UploadReferenceSources = [
  postUploadReferences,
  projectUploadReferences,
  contentUploadReferences,
  companyUploadReferences,
  settingUploadReferences,
];
