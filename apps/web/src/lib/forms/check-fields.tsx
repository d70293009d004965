import { Checkbox, Switch, type CheckboxProps, type SwitchProps } from '@mantine/core';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';

/** The form's control (whatever its parsed output) and the boolean field's name. */
type Bound<T extends FieldValues, Out extends FieldValues> = {
  control: Control<T, unknown, Out>;
  name: Path<T>;
};

/**
 * A form's on/off field as a Mantine Switch, bound to the form's boolean `name`. Controlled on
 * purpose: Mantine's Switch and Checkbox keep their own checked state, so a registered one
 * (`{...form.register(name)}`) shows a saved `true` as off, and saving the form again would
 * silently turn the option off.
 */
export function SwitchField<T extends FieldValues, Out extends FieldValues = T>({
  control,
  name,
  ...props
}: Bound<T, Out> & Omit<SwitchProps, 'checked' | 'onChange' | 'name'>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Switch
          {...props}
          ref={field.ref}
          name={field.name}
          checked={field.value === true}
          onChange={(e) => field.onChange(e.currentTarget.checked)}
          onBlur={field.onBlur}
        />
      )}
    />
  );
}

/** {@link SwitchField} as a Mantine Checkbox. */
export function CheckboxField<T extends FieldValues, Out extends FieldValues = T>({
  control,
  name,
  ...props
}: Bound<T, Out> & Omit<CheckboxProps, 'checked' | 'onChange' | 'name'>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Checkbox
          {...props}
          ref={field.ref}
          name={field.name}
          checked={field.value === true}
          onChange={(e) => field.onChange(e.currentTarget.checked)}
          onBlur={field.onBlur}
        />
      )}
    />
  );
}
