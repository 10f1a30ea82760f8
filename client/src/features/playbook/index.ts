export { type PlaybookOwner, useProjectPlaybook, useSaveClausePlaybook, useTemplatePlaybook } from './api/playbook';
export { PLAYBOOK_REPLY, ThreadPlaybook } from './components/ThreadPlaybook';
export { PlaybookEditor } from './components/PlaybookEditor';
export { PlaybookClauseList } from './components/PlaybookClauseList';
