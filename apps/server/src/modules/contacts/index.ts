// The contacts module's public use cases: other modules import from here only (eslint.config.js).
// This file re-exports; it implements nothing.
export { contactIdsNamedLike } from './contact-ids-named-like';
export { presentContact, type ContactRow } from './contacts.presenter';
export { createContact } from './create-contact';
export { deleteContact } from './delete-contact';
export { findContactByAddress, findContactByPhone } from './find-contact-by-phone';
export { findContactIdsByAddresses, findContactIdsByPhones } from './find-contacts-by-phones';
export { getContact } from './get-contact';
export { getContactDetails } from './get-contact-details';
export { getContactsByIds } from './get-contacts-by-ids';
export { insertContact, insertContacts } from './insert-contact';
export { listContacts } from './list-contacts';
export { listNewestContactsWithPhone } from './list-newest-contacts-with-phone';
export { updateContact } from './update-contact';
