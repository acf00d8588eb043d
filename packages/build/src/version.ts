/**
 * A remote build's version: `<package version>+<build id>`. The build id is NIVESH_BUILD_ID when set
 * (CI, release tooling), otherwise the UTC time of the build to the second, so two builds of the
 * same package version never share a folder.
 */
function readBuildId(now: Date = new Date()): string {
  const fromEnv = process.env['NIVESH_BUILD_ID'];
  if (fromEnv) {
    if (!/^[0-9A-Za-z.-]+$/.test(fromEnv)) {
      throw new Error(`NIVESH_BUILD_ID may contain only letters, digits, '.' and '-': got "${fromEnv}"`);
    }
    return fromEnv;
  }
  return now.toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

export function buildVersion(packageVersion: string, isDev: boolean): string {
  return `${packageVersion}+${isDev ? 'dev' : readBuildId()}`;
}
