/** The tools Zero 0.8.0 offers the model in plan mode, sorted: what the real-Zero mode tests expect, on both transports. */
export const PLAN_TOOLS = [
  'ask_user',
  'glob',
  'grep',
  'list_directory',
  'read_file',
  'read_minified_file',
  'skill',
  'update_plan',
  'view_image',
];
