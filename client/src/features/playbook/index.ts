export { useProjectPlaybook, useSaveClausePlaybook } from './api/playbook';
export { PLAYBOOK_REPLY, ThreadPlaybook } from './components/ThreadPlaybook';
export { PlaybookEditor } from './components/PlaybookEditor';
