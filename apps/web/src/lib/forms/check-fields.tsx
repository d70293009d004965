import { Checkbox, Switch, type CheckboxProps, type SwitchProps } from '@mantine/core';
import type { ChangeEvent } from 'react';
import {
  Controller,
  type Control,
  type ControllerRenderProps,
  type FieldValues,
  type Path,
} from 'react-hook-form';

/** The form's control (whatever its parsed output) and the boolean field's name. */
type Bound<T extends FieldValues, Out extends FieldValues> = {
  control: Control<T, unknown, Out>;
  name: Path<T>;
};

/** What a Mantine on/off input takes from the form's field: checked from its value, changes back as a boolean. */
function checkedProps<T extends FieldValues>(field: ControllerRenderProps<T, Path<T>>) {
  return {
    ref: field.ref,
    name: field.name,
    checked: field.value === true,
    onChange: (e: ChangeEvent<HTMLInputElement>) => field.onChange(e.currentTarget.checked),
    onBlur: field.onBlur,
  };
}

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
      render={({ field }) => <Switch {...props} {...checkedProps(field)} />}
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
      render={({ field }) => <Checkbox {...props} {...checkedProps(field)} />}
    />
  );
}
