import { Link } from 'react-router';
import { IconBadge, type IconName } from './Icon.tsx';

export interface Tile {
  to: string;
  title: string;
  text: string;
  icon: IconName;
}

/** The dashboards' grid of page tiles: icon, title and a line of text, each a link. */
export function TileGrid({ label, tiles }: { label: string; tiles: readonly Tile[] }) {
  return (
    <nav className="tile-grid" aria-label={label}>
      {tiles.map((tile) => (
        <Link key={tile.to} to={tile.to} className="tile">
          <IconBadge name={tile.icon} />
          <span className="tile-title">{tile.title}</span>
          <span className="tile-text">{tile.text}</span>
        </Link>
      ))}
    </nav>
  );
}
