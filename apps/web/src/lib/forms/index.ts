export { applyServerError, FORM_ERROR, type ServerErrorMap } from './server-errors';
export { errorsByPath } from './errors-by-path';
export { errorText, useErrorText } from './error-text';
export { FormError } from './form-error';
export { useZodForm } from './use-zod-form';
export { numberOf, requestCheckedSchema } from './request-checked-schema';
export { CheckboxField, SwitchField } from './check-fields';
export { LabelledSegmentedControl } from './labelled-segmented-control';
