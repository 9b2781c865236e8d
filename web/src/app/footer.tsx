import { Link } from 'react-router-dom';
import { LogoMark } from '@web/components/logo-mark';
import { FOOTER_COLUMNS } from './navigation';

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="mt-16 border-t border-border bg-muted/50">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 lg:grid-cols-[1.2fr_3fr] lg:px-8">
        <div className="max-w-xs">
          <Link to="/" className="inline-flex items-center gap-2 rounded-md font-serif text-lg font-bold text-primary">
            <LogoMark />
            <span>Wonderful Books</span>
          </Link>
          <p className="mt-3 text-sm text-muted-foreground">
            Self-improvement and educational books to read online and offline, with your place kept on every device.
          </p>
        </div>
        <nav aria-label="Footer" className="grid grid-cols-2 gap-8 sm:grid-cols-4">
          {FOOTER_COLUMNS.map((column) => (
            <div key={column.heading}>
              <h2 className="text-sm font-semibold text-foreground">{column.heading}</h2>
              <ul className="mt-3 flex flex-col">
                {column.links.map((link) => (
                  <li key={link.to}>
                    <Link
                      to={link.to}
                      className="inline-flex min-h-11 items-center text-sm text-muted-foreground hover:text-foreground hover:underline sm:min-h-9"
                    >
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </div>
      <div className="border-t border-border">
        <p className="mx-auto max-w-7xl px-4 py-6 text-sm text-muted-foreground sm:px-6 lg:px-8">
          © {year} Wonderful Books. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
