import { feedback as feedbackConstants } from '@makerdesk/contract';
import { message, notification } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import type { NotificationInstance } from 'antd/es/notification/interface';

export interface Feedback {
  message: MessageInstance;
  notification: NotificationInstance;
}

message.config({ duration: feedbackConstants.messageSeconds, top: feedbackConstants.top });
notification.config({ duration: feedbackConstants.notificationSeconds, top: feedbackConstants.top });

// antd's static APIs until <FeedbackBridge> mounts; after that, the instances of antd's <App>, which follow the theme.
let current: Feedback = { message, notification };

export function setFeedback(next: Feedback): void {
  current = next;
}

/** Toasts for code outside React components (the request layer, mutations). */
export function feedback(): Feedback {
  return current;
}
