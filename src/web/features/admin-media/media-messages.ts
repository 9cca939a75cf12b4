import { UploadMessage } from '../../../shared/contracts/uploads.values';

/** What the Media tab says. */
export const MediaMessage = {
  LOAD_FAILED: 'Failed to load files',
  EMPTY_NONE: 'No files uploaded yet.',
  EMPTY_SEARCH: 'No files match your search or filters.',
  EMPTY_UNUSED: 'Every file is in use: nothing to clean up.',
  UNUSED_NOTE:
    'Files that no post, project, landing-page content or setting refers to. Unused files are also removed automatically 30 days after their upload.',
  SWEEP_CONFIRM: 'Are you sure you want to delete every unused file? This action cannot be undone.',
  SWEEP_FAILED: 'Failed to delete the unused files',
  DELETE_CONFIRM: UploadMessage.DELETE_CONFIRM,
  DELETE_MANY_CONFIRM: 'Are you sure you want to delete {count} images? This action cannot be undone.',
  DELETE_FAILED: 'Failed to delete the file',
  IN_USE_TITLE: 'This file is still in use',
  IN_USE_MANY_TITLE: 'Some files are still in use',
  IN_USE_WHERE: 'The server refused to delete it because it is shown in:',
  IN_USE_CONSEQUENCE:
    'Deleting anyway removes it from every place listed: featured images are cleared, gallery entries and images in text disappear.',
} as const;
