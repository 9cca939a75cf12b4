import packageJson from '../../package.json' with { type: 'json' };

/** The version of this build (package.json), recorded in backups and their manifests. */
export const APP_VERSION: string = packageJson.version;
