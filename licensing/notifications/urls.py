from django.urls import path

from core.api.router import IdRouter
from licensing.notifications import api, views

urlpatterns = [
    path("notifications/", views.notification_list, name="notification_list"),
    path("notifications/<int:pk>/read/", views.notification_read, name="notification_read"),
    path("notifications/read-all/", views.notifications_read_all, name="notifications_read_all"),
]

router = IdRouter()
router.register("notifications", api.NotificationViewSet, basename="notification")
api_urlpatterns = router.urls
