import { msg } from '@lingui/core/macro';

/** spec §8 Payments messages (keys in comments) and the payment form's labels. */
export const paymentMessages = {
  /** Manual charge succeeded. */
  bought: msg`You've successfully bought credits.`,
  autoRechargeCreated: msg`You've successfully purchased credits and configured auto-recharge.`,
  autoRechargeUpdated: msg`You've successfully updated auto-recharge.`,
  autoRechargeError: msg`An error has occurred with auto-recharge.`,
  /** PAYMENT_BUY_CREDITS_ERROR */
  cardPaymentError: msg`An error has occurred with the card payment.`,
  /** PAYMENT_METHOD_CREATE_ERROR */
  paymentMethodCreateError: msg`An error has occurred while creating payment method.`,
  /** PAYMENT_CREDIT_CARD_REMOVAL_ERROR */
  cardRemovalError: msg`Credit card removal failed.`,
  /** PAYMENT_GET_PAYMENT_METHOD_ERROR */
  getPaymentMethodError: msg`Failed to get payment methods.`,
  externalServiceError: msg`External service error.`,
  purchaseCredits: msg`Purchase Credits`,
  saveAndPurchase: msg`Save and Purchase`,
  updatePaymentSettings: msg`Update Payment Settings`,
};
