/**
 * Reader feedback and its triage (docs/product/feedback.md): the submit payload (sent through the sync outbox so it
 * works offline), the reader's and the team's views, and the triage requests. Messages are the product's
 * (docs/product/feedback.md#rules-and-messages).
 */
import { z } from 'zod';
import { adminListQuery, optionalText } from './admin-list';

export const FEEDBACK_TYPE_VALUES = ['bug', 'feedback', 'suggestion', 'compliment'] as const;
export const FEEDBACK_PRIORITY_VALUES = ['low', 'medium', 'high', 'critical'] as const;
export const FEEDBACK_STATUS_VALUES = ['open', 'in_progress', 'resolved', 'closed'] as const;
/** The areas a reader can file feedback under (docs/product/feedback.md#categories). */
export const FEEDBACK_CATEGORY_VALUES = [
  'reading',
  'offline',
  'library',
  'account',
  'billing',
  'catalogue',
  'other',
] as const;

export type TFeedbackType = (typeof FEEDBACK_TYPE_VALUES)[number];
export type TFeedbackPriority = (typeof FEEDBACK_PRIORITY_VALUES)[number];
export type TFeedbackStatus = (typeof FEEDBACK_STATUS_VALUES)[number];
export type TFeedbackCategory = (typeof FEEDBACK_CATEGORY_VALUES)[number];

export const FEEDBACK_LABELS = {
  type: { bug: 'Bug', feedback: 'Feedback', suggestion: 'Suggestion', compliment: 'Compliment' },
  priority: { low: 'Low', medium: 'Medium', high: 'High', critical: 'Critical' },
  status: { open: 'Open', in_progress: 'In progress', resolved: 'Resolved', closed: 'Closed' },
  category: {
    reading: 'Reading',
    offline: 'Offline reading',
    library: 'Library and picks',
    account: 'Account',
    billing: 'Billing',
    catalogue: 'Catalogue',
    other: 'Something else',
  },
} as const;

export const FEEDBACK_MESSAGES = {
  type: 'Type must be one of bug, feedback, suggestion, compliment',
  category: 'Choose a category',
  titleMin: 'Title must be at least 5 characters',
  titleMax: 'Title must be at most 200 characters',
  descriptionMin: 'Description must be at least 10 characters',
  descriptionMax: 'Description must be at most 5000 characters',
  priority: 'Priority must be one of low, medium, high, critical',
  status: 'Status must be one of open, in_progress, resolved, closed',
  url: 'Page must be a path of this site',
  deviceInfo: 'Device info needs platform, browser, screen resolution and viewport',
  commentEmpty: 'Comment cannot be empty',
  commentTooLong: 'Comment too long',
  responseEmpty: 'Response cannot be empty',
  responseTooLong: 'Response must be at most 5000 characters',
  notFound: 'Feedback not found',
  notPublic: 'Only public feedback can be upvoted',
  alreadyUpvoted: 'You have already upvoted this',
  nothingToChange: 'Nothing to change',
  idInUse: 'This feedback id is already in use',
  screenshotMissing: 'Choose a screenshot to upload',
  screenshotTooLarge: 'The screenshot must be at most 1 MB',
  screenshotType: 'The screenshot must be a PNG, JPEG or WebP image',
} as const;

/** Largest screenshot a reader may attach (docs/product/feedback.md#screenshots). */
export const FEEDBACK_SCREENSHOT_MAX_BYTES = 1024 * 1024;

/** PUT /api/feedback/:id/screenshot (multipart, field `screenshot`). */
export const ZFeedbackScreenshotForm = z.object({
  screenshot: z.instanceof(File, { message: FEEDBACK_MESSAGES.screenshotMissing }),
});

export const FEEDBACK_LIMITS = {
  titleMax: 200,
  descriptionMax: 5000,
  commentMax: 2000,
  responseMax: 5000,
  deviceFieldMax: 200,
  urlMax: 2000,
  userAgentMax: 500,
} as const;

const deviceField = z
  .string({ message: FEEDBACK_MESSAGES.deviceInfo })
  .trim()
  .min(1, FEEDBACK_MESSAGES.deviceInfo)
  .max(FEEDBACK_LIMITS.deviceFieldMax, FEEDBACK_MESSAGES.deviceInfo);

export const ZFeedbackDeviceInfo = z.strictObject(
  { platform: deviceField, browser: deviceField, screenResolution: deviceField, viewport: deviceField },
  { message: FEEDBACK_MESSAGES.deviceInfo },
);
export type TFeedbackDeviceInfo = z.infer<typeof ZFeedbackDeviceInfo>;

/** What the reader fills in (the form's schema); the payload adds the automatic fields. */
export const ZFeedbackForm = z.object({
  type: z.enum(FEEDBACK_TYPE_VALUES, { message: FEEDBACK_MESSAGES.type }),
  category: z.enum(FEEDBACK_CATEGORY_VALUES, { message: FEEDBACK_MESSAGES.category }),
  title: z
    .string({ message: FEEDBACK_MESSAGES.titleMin })
    .trim()
    .min(5, FEEDBACK_MESSAGES.titleMin)
    .max(FEEDBACK_LIMITS.titleMax, FEEDBACK_MESSAGES.titleMax),
  description: z
    .string({ message: FEEDBACK_MESSAGES.descriptionMin })
    .trim()
    .min(10, FEEDBACK_MESSAGES.descriptionMin)
    .max(FEEDBACK_LIMITS.descriptionMax, FEEDBACK_MESSAGES.descriptionMax),
  priority: z.enum(FEEDBACK_PRIORITY_VALUES, { message: FEEDBACK_MESSAGES.priority }),
});
export type TFeedbackForm = z.infer<typeof ZFeedbackForm>;

/** The `feedback.submit` sync mutation's payload: the form plus the page and device, made on the reader's device. */
export const ZFeedbackSubmitPayload = z.strictObject({
  id: z.uuid({ message: 'Feedback id must be a UUID' }),
  ...ZFeedbackForm.shape,
  url: z
    .string({ message: FEEDBACK_MESSAGES.url })
    .max(FEEDBACK_LIMITS.urlMax, FEEDBACK_MESSAGES.url)
    .regex(/^\/(?!\/)/, FEEDBACK_MESSAGES.url),
  userAgent: z.string().max(FEEDBACK_LIMITS.userAgentMax).optional(),
  deviceInfo: ZFeedbackDeviceInfo,
});
export type TFeedbackSubmitPayload = z.infer<typeof ZFeedbackSubmitPayload>;

/** A feedback item as its author (or any reader, when public) sees it: never internal comments. */
export interface TFeedbackItem {
  id: string;
  type: TFeedbackType;
  category: string | null;
  title: string;
  description: string;
  priority: TFeedbackPriority;
  status: TFeedbackStatus;
  url: string | null;
  deviceInfo: TFeedbackDeviceInfo | null;
  isPublic: boolean;
  upvotes: number;
  /** Whether the asking reader has upvoted it. */
  upvotedByMe: boolean;
  /** Whether the asking reader wrote it. */
  mine: boolean;
  /** A screenshot is attached (its writer and the team can open it: GET /api/feedback/:id/screenshot). */
  hasScreenshot: boolean;
  adminResponse: string | null;
  adminResponseAt: string | null;
  /** The team's comments meant for the reader (internal ones never leave the server for a reader). */
  teamComments: { id: string; comment: string; createdAt: string }[];
  createdAt: string;
  updatedAt: string;
}

export interface TFeedbackLists {
  mine: TFeedbackItem[];
  /** Public items of every reader, most upvoted first. */
  public: TFeedbackItem[];
}

export const ZFeedbackIdParam = z.object({
  id: z.string().trim().min(1, FEEDBACK_MESSAGES.notFound).max(64, FEEDBACK_MESSAGES.notFound),
});

export const FEEDBACK_TRIAGE_SORTS = ['createdAt', 'priority', 'upvotes'] as const;

export const ZFeedbackTriageQuery = adminListQuery(FEEDBACK_TRIAGE_SORTS, { sort: 'createdAt', order: 'desc' }).extend({
  q: optionalText(200, 'Search must be at most 200 characters'),
  status: z.enum(FEEDBACK_STATUS_VALUES, { message: FEEDBACK_MESSAGES.status }).optional(),
  type: z.enum(FEEDBACK_TYPE_VALUES, { message: FEEDBACK_MESSAGES.type }).optional(),
  priority: z.enum(FEEDBACK_PRIORITY_VALUES, { message: FEEDBACK_MESSAGES.priority }).optional(),
});
export type TFeedbackTriageQuery = z.infer<typeof ZFeedbackTriageQuery>;
export type TFeedbackTriageQueryInput = z.input<typeof ZFeedbackTriageQuery>;

/** A queue row: the item with its author; Premium readers' items carry `premium` and sort first. */
export interface TFeedbackTriageRow extends Omit<TFeedbackItem, 'upvotedByMe' | 'mine' | 'teamComments'> {
  userId: string | null;
  userEmail: string | null;
  userName: string | null;
  premium: boolean;
  userAgent: string | null;
  commentCount: number;
}

export interface TFeedbackComment {
  id: string;
  comment: string;
  isInternal: boolean;
  authorName: string;
  createdAt: string;
}

export interface TFeedbackTriageDetail extends TFeedbackTriageRow {
  comments: TFeedbackComment[];
  adminResponseByName: string | null;
}

export const ZFeedbackTriageUpdate = z
  .strictObject({
    status: z.enum(FEEDBACK_STATUS_VALUES, { message: FEEDBACK_MESSAGES.status }).optional(),
    priority: z.enum(FEEDBACK_PRIORITY_VALUES, { message: FEEDBACK_MESSAGES.priority }).optional(),
    isPublic: z.boolean({ message: 'Public must be true or false' }).optional(),
  })
  .refine((value) => Object.values(value).some((field) => field !== undefined), {
    message: FEEDBACK_MESSAGES.nothingToChange,
  });
export type TFeedbackTriageUpdate = z.infer<typeof ZFeedbackTriageUpdate>;

export const ZFeedbackCommentCreate = z.strictObject({
  comment: z
    .string({ message: FEEDBACK_MESSAGES.commentEmpty })
    .trim()
    .min(1, FEEDBACK_MESSAGES.commentEmpty)
    .max(FEEDBACK_LIMITS.commentMax, FEEDBACK_MESSAGES.commentTooLong),
  /** Internal by default: only a deliberate choice makes a comment visible to the reader. */
  isInternal: z.boolean({ message: 'Internal must be true or false' }).default(true),
});
export type TFeedbackCommentCreate = z.infer<typeof ZFeedbackCommentCreate>;

export const ZFeedbackResponse = z.strictObject({
  response: z
    .string({ message: FEEDBACK_MESSAGES.responseEmpty })
    .trim()
    .min(1, FEEDBACK_MESSAGES.responseEmpty)
    .max(FEEDBACK_LIMITS.responseMax, FEEDBACK_MESSAGES.responseTooLong),
  /** The status the item moves to with the response (resolved unless chosen otherwise). */
  status: z.enum(FEEDBACK_STATUS_VALUES, { message: FEEDBACK_MESSAGES.status }).default('resolved'),
});
export type TFeedbackResponse = z.infer<typeof ZFeedbackResponse>;
