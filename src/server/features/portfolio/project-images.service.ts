import {
  appendGalleryImages,
  countGalleryImages,
  countProjectReferences,
  findProjectRef,
  lockProject,
  projectImageTotals,
  removeProjectReferences,
} from './project-images.repository';

/**
 * Projects' images for the portfolio upload endpoints, which belong to the uploads feature: the app
 * passes this to them (app.ts), so that only this feature reads and writes the portfolio's tables.
 */
export const projectImages = {
  findProjectRef,
  countGalleryImages,
  lockProject,
  appendGalleryImages,
  countProjectReferences,
  removeProjectReferences,
  projectImageTotals,
};
