export * from './hit-classification';
