"use client";

import type { ButtonHTMLAttributes } from "react";
import { useHydrated } from "../use-hydrated";
import { buttonClasses, type ButtonSize, type ButtonVariant } from "./button-classes";

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
  size?: ButtonSize;
}

/**
 * A submit button is disabled until the page is hydrated: its form submits through a handler, and
 * pressed earlier (or Enter in a field) the browser would submit it natively instead, reloading
 * the page and dropping what was typed.
 */
export function Button({ variant = "primary", size = "md", className = "", type = "button", disabled, ...props }: ButtonProps) {
  const hydrated = useHydrated();
  return (
    <button
      type={type}
      disabled={disabled || (type === "submit" && !hydrated)}
      className={buttonClasses(variant, size, className)}
      {...props}
    />
  );
}
