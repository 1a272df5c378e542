/** The signed-in user as the API answers it (docs/api.md "The user object", docs/product.md "Entities and fields"). */
export type TExperience = {
  id: number | string;
  workplace_name: string;
  position: string;
  start_date: string;
  end_date: string | null;
  description: string | null;
  work_here: boolean;
  enable_business: boolean;
  verify_status_id?: number;
};

export type TEducation = {
  id: number | string;
  name: string;
  course_name: string;
  start_date: string;
  end_date: string | null;
  studying_here: boolean;
  description: string | null;
  verify_status_id?: number;
};

export type TSkill = { name: string };

export type TUserProject = {
  id: number;
  name: string;
  project_status_id: number;
  application: {
    id: number;
    accepted: number;
    shown_accepted_message: boolean;
    ready_to_close: boolean;
    algorand_transaction: string | null;
    near_transaction: string | null;
  };
};

export type TUserJob = {
  id: number;
  name: string;
  job_status_id: number;
  application: {
    id: number;
    selected: number;
    algorand_transaction: string | null;
    near_transaction: string | null;
  };
};

export type TNotification = {
  id: number;
  type: string;
  message: string;
  message_es: string;
  link: string | null;
  been_clicked: boolean;
  created_at: string;
};

export type TUser = {
  id: number;
  email?: string;
  is_talent: boolean;
  person: { name: string; last_name: string; phone: string | null };
  headline: string | null;
  about: string | null;
  country_code: string | null;
  city: string | null;
  avatar_url: string | null;
  cv_url: string | null;
  /** The stored CV's name and size, as uploaded. */
  cv_file?: { id: number; name: string; size: number; mime: string } | null;
  links: { linkedin?: string | null; github?: string | null; website?: string | null };
  /** The address was confirmed by its link (docs/product.md "One's own account"). */
  email_verified?: boolean;
  workplaces: TExperience[];
  study_centres: TEducation[];
  skills: TSkill[];
  roles_interest: { name: string }[];
  /** `name` is in the user's own language; `name_en`/`name_es` let a viewer read it in theirs. */
  languages: { id: number; code: string; name: string; name_en?: string; name_es?: string }[];
  projects: TUserProject[];
  jobs: TUserJob[];
  notifications: TNotification[];
  algo_address: string | null;
  near_wallet: string | null;
  paypal_email: string | null;
  lang: 'en' | 'es';
  /** Runs the platform: the header links the console (docs/product.md "Operators"). */
  is_operator?: boolean;
};

/**
 * `GET /users/id/{id}` to anyone but the user themself (docs/api.md "The user object"): the
 * profile without the account's own fields; `email` (and `person.phone`) only for a business that
 * owns a posting the talent applied to.
 */
export type TPublicUser = Omit<TUser, 'notifications' | 'paypal_email' | 'lang' | 'is_operator'> & {
  /** Whether the business reading saved this talent (docs/api.md "Favourites"); else false. */
  saved?: boolean;
};

/**
 * docs/product.md "Entities and fields": what the client keeps of the signed-in user (and persists), beside `id`, e-mail,
 * language and the profile photo (the header's avatar).
 */
export type TSessionUser = Pick<
  TUser,
  | 'id'
  | 'email'
  | 'lang'
  | 'avatar_url'
  | 'is_talent'
  | 'person'
  | 'workplaces'
  | 'study_centres'
  | 'skills'
  | 'projects'
  | 'jobs'
  | 'notifications'
  | 'algo_address'
  | 'near_wallet'
  | 'paypal_email'
  | 'is_operator'
  | 'email_verified'
>;
