-- A customer's open screen learns within a second that their sale, bill order or notifications
-- changed (domain/events): each change notifies the channel wise_events with whose it is, what
-- kind and its id — never the data, which the screen refetches through the API. PostgreSQL
-- delivers the notification when the changing transaction commits (never if it rolls back), to
-- every server instance listening; on the embedded database it goes nowhere.
CREATE FUNCTION notify_customer_event(owner uuid, kind text, item uuid) RETURNS void LANGUAGE sql AS $$
  SELECT pg_notify('wise_events', json_build_object('user', owner, 'type', kind, 'id', item)::text);
$$;

CREATE FUNCTION notify_sale_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM notify_customer_event(NEW.user_id, 'sale', NEW.id);
  RETURN NULL;
END;
$$;
CREATE TRIGGER sales_notify_changed AFTER UPDATE OF status ON sales FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION notify_sale_changed();

-- A payout's outcome shows on its sale's screen (sent, failed, reversed).
CREATE FUNCTION notify_payout_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM notify_customer_event((SELECT user_id FROM sales WHERE id = NEW.sale_id), 'sale', NEW.sale_id);
  RETURN NULL;
END;
$$;
CREATE TRIGGER payouts_notify_changed AFTER INSERT OR UPDATE OF status ON payouts FOR EACH ROW
  EXECUTE FUNCTION notify_payout_changed();

CREATE FUNCTION notify_bill_order_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM notify_customer_event(NEW.user_id, 'bill', NEW.id);
  RETURN NULL;
END;
$$;
CREATE TRIGGER bill_orders_notify_changed AFTER UPDATE OF status ON bill_orders FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION notify_bill_order_changed();

CREATE FUNCTION notify_notification_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM notify_customer_event(NEW.user_id, 'notification', NEW.id);
  RETURN NULL;
END;
$$;
CREATE TRIGGER notifications_notify_added AFTER INSERT ON notifications FOR EACH ROW
  EXECUTE FUNCTION notify_notification_added();
