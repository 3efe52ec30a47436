/** The favorite star of a project: pressed when starred; optimistic (machines/favorites). */
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import type { favoritesMachine } from '@machines/favorites/favorites.machine.ts';
import { selectIsFavorite } from '@machines/favorites/favorites.selectors.ts';
import { star } from './project-tile.css.ts';

export interface FavoriteStarProps {
  favorites: ActorRefFrom<typeof favoritesMachine>;
  projectId: number;
  name: string;
  fromServer: boolean;
}

export function FavoriteStar({ favorites, projectId, name, fromServer }: FavoriteStarProps) {
  const starred = useSelector(favorites, selectIsFavorite(projectId, fromServer));
  return (
    <button
      type="button"
      className={star}
      aria-pressed={starred}
      aria-label="Favorite"
      title={starred ? `Remove ${name} from favorites` : `Add ${name} to favorites`}
      onClick={() => favorites.send({ type: 'favorite.toggle', projectId, favorite: starred, name })}
    >
      <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden>
        <path
          d="M12 3.5l2.6 5.3 5.9.9-4.2 4.1 1 5.8L12 16.9l-5.3 2.7 1-5.8-4.2-4.1 5.9-.9L12 3.5z"
          fill={starred ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
