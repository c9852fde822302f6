/**
 * The back office's reviews queue (`/list/reviews`): moderation of shoppers' reviews and the shop's replies.
 */
const messages = {
  'menu.list.reviews': 'Reviews',
  'reviews.admin.title': 'Reviews',
  'reviews.admin.description':
    "Shoppers' reviews of goods they received. Only published reviews are shown in the shop and count in the goods' rating.",
  'reviews.admin.status.pending': 'Pending',
  'reviews.admin.status.published': 'Published',
  'reviews.admin.status.rejected': 'Rejected',
  'reviews.admin.status.all': 'All',
  'reviews.admin.refresh': 'Refresh',
  'reviews.admin.field.goods': 'Goods',
  'reviews.admin.field.rating': 'Rating',
  'reviews.admin.field.review': 'Review',
  'reviews.admin.field.shopper': 'Shopper',
  'reviews.admin.field.status': 'Status',
  'reviews.admin.field.createdAt': 'Last changed',
  'reviews.admin.field.actions': 'Actions',
  'reviews.admin.field.reply': 'Public reply',
  'reviews.admin.stars': '{value} out of 5 stars',
  'reviews.admin.photo': 'Photo {n}',
  'reviews.admin.replied': "Shop's reply",
  'reviews.admin.publish': 'Publish',
  'reviews.admin.publish.label': 'Publish the review “{title}”',
  'reviews.admin.publish.done': 'Review “{title}” published.',
  'reviews.admin.reject': 'Reject',
  'reviews.admin.reject.label': 'Reject the review “{title}”',
  'reviews.admin.reject.done': 'Review “{title}” rejected.',
  'reviews.admin.reply': 'Reply',
  'reviews.admin.reply.label': 'Reply to the review “{title}”',
  'reviews.admin.reply.title': 'Reply to “{title}”',
  'reviews.admin.reply.submit': 'Save reply',
  'reviews.admin.reply.done': 'Reply saved.',
  'reviews.admin.reply.required': 'Please write the reply.',
  'reviews.admin.cancel': 'Cancel',
} as const;

export default messages;
