import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreen } from './error-screen';

interface ErrorBoundaryState {
  hasError: boolean;
}

/**
 * Catches rendering errors below it and shows the full-page error screen. It never resets
 * (docs/product/errors.md#rendering-errors: the screen stays until reload), so a broken tree is not rendered again by a
 * later navigation.
 */
export class ErrorBoundary extends Component<{ children: ReactNode; fallback?: ReactNode }, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { hasError: false };

  static getDerivedStateFromError(): ErrorBoundaryState {
    return { hasError: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    // React has already reported the error; keep the component stack next to it for debugging.
    console.warn('Rendering failed', error.message, info.componentStack);
  }

  override render(): ReactNode {
    if (this.state.hasError) return this.props.fallback ?? <ErrorScreen />;
    return this.props.children;
  }
}
