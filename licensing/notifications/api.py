"""Notifications API (/api/v1/notifications/): the caller's own notifications; mark one or all read."""

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import mixins, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from licensing.notifications import selectors, services
from licensing.notifications.serializers import MarkedReadSerializer, NotificationSerializer


class NotificationViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    """A person's notifications (a copy of every email they were sent), newest first. Nobody sees another's."""

    serializer_class = NotificationSerializer

    def get_queryset(self):
        notifications = selectors.notification_list(user=self.request.user)
        if self.action == "list" and self.request.query_params.get("unread") in ("1", "true"):
            notifications = notifications.filter(read_at__isnull=True)
        return notifications

    @extend_schema(parameters=[OpenApiParameter("unread", bool, description="Only the unread ones.")])
    def list(self, request, *args, **kwargs):
        return super().list(request, *args, **kwargs)

    @extend_schema(request=None, responses=NotificationSerializer)
    @action(detail=True, methods=["post"])
    def read(self, request, pk=None):
        """Mark this notification read (already read: unchanged)."""
        notification = services.notification_mark_read(actor=request.user, notification=self.get_object())
        return Response(NotificationSerializer(notification).data)

    @extend_schema(request=None, responses=MarkedReadSerializer)
    @action(detail=False, methods=["post"], url_path="read-all")
    def read_all(self, request):
        """Mark every unread notification read."""
        return Response({"marked": services.notifications_mark_all_read(actor=request.user)})
