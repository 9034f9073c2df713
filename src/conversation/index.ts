export * from './model';
export * from './actions';
export * from './reducer';
export * from './export/summary';
export * from './export/chatMarkdown';
export * from './export/replayRun';
