export * from './identity';
export * from './workspaces';
export * from './billing';
export * from './campaigns';
export * from './suppressions';
export * from './content';
export * from './system';
export * from './relations';
