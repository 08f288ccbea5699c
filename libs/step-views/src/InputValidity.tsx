import { createContext, useContext, useEffect, useId } from 'react';

/**
 * Inputs holding what is not a valid value (a negative budget, text in a number field) tell
 * the fill screen, whose "next" then stops (the value was dropped silently and the
 * applicant moved on). The console's review provides nothing: the report goes nowhere.
 */
export interface InputValidity {
  report(id: string, invalid: boolean): void;
}

const Context = createContext<InputValidity | undefined>(undefined);

export const InputValidityProvider = Context.Provider;

/** Reports this input as invalid while `invalid` is true (and valid again once it unmounts). */
export function useInputValidity(invalid: boolean): void {
  const registry = useContext(Context);
  const id = useId();
  useEffect(() => {
    registry?.report(id, invalid);
    return () => registry?.report(id, false);
  }, [registry, id, invalid]);
}
