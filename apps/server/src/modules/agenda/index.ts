// The agenda module's public use cases: other modules import from here only (eslint.config.js).
// This file re-exports; it implements nothing.
export { hasScheduledAppointment } from './has-scheduled-appointment';
export { listPatientAppointments } from './list-patient-appointments';
