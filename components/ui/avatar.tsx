import { assetUrl } from '@/lib/profile/asset-url';

/** A person's initials: the first letters of their name and last name. */
export const initialsOf = (name: string, lastName: string) =>
  `${name.charAt(0)}${lastName.charAt(0)}`.toUpperCase();

/**
 * A person's photo, or their initials when they have none. The caller's classes give the look and
 * size (`photo` on the image, `initials` on the letters); `size` is the image's width and height in
 * pixels, fixed so that nothing moves when it arrives. A plain <img>: uploads come from the API,
 * not through next/image's optimizer. The letters are hidden from assistive technology, which
 * reads the name beside them; the photo says `alt` (empty where the name stands beside it).
 */
export function Avatar({
  url,
  name,
  lastName,
  size,
  classes,
  alt = '',
  lazy = false,
}: {
  url: string | null | undefined;
  name: string;
  lastName: string;
  size: number;
  classes: { photo?: string; initials?: string };
  alt?: string;
  lazy?: boolean;
}) {
  if (url) {
    return (
      <img
        className={classes.photo}
        src={assetUrl(url)}
        alt={alt}
        width={size}
        height={size}
        loading={lazy ? 'lazy' : undefined}
        decoding="async"
      />
    );
  }
  return (
    <span className={classes.initials} aria-hidden="true">
      {initialsOf(name, lastName)}
    </span>
  );
}

/** A user's photo or initials: `Avatar` with the name and photo taken from the user. */
export function UserAvatar({
  user,
  ...rest
}: {
  user: { avatar_url?: string | null; person: { name: string; last_name: string } };
} & Omit<Parameters<typeof Avatar>[0], 'url' | 'name' | 'lastName'>) {
  const { person } = user;
  return <Avatar url={user.avatar_url} name={person.name} lastName={person.last_name} {...rest} />;
}
