"""The Board accounts and sign-in locks: portal pages (in the portal namespace, via licensing/urls.py) and the API
(api_urlpatterns, via licensing/urls.py's api_urlpatterns)."""

from django.urls import path
from rest_framework.routers import SimpleRouter

from licensing.accounts import api, views
from licensing.accounts.lockout import views as lockout_views

urlpatterns = [
    path("board/accounts/", views.board_accounts, name="board_accounts"),
    path("board/accounts/<int:pk>/deactivate/", views.board_account_deactivate, name="board_account_deactivate"),
    path("board/accounts/<int:pk>/reactivate/", views.board_account_reactivate, name="board_account_reactivate"),
    path("board/accounts/<int:pk>/resend-invitation/", views.board_account_invitation_resend,
         name="board_account_invitation_resend"),
    path("lockouts/", lockout_views.lockouts, name="lockouts"),  # board staff lift sign-in locks
]

router = SimpleRouter()
router.register("board/accounts", api.BoardAccountViewSet, basename="board-account")
api_urlpatterns = router.urls
