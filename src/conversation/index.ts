export * from './model';
export * from './actions';
export * from './reducer';
export * from './summary';
export * from './chatMarkdown';
