export { useContacts } from './api/contacts';
export { GroupSigners } from './components/GroupSigners';
export { NetworkBrowser } from './components/NetworkBrowser';
