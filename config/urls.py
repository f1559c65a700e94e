from allauth.account import views as allauth_views
from django.contrib import admin
from django.http import HttpResponsePermanentRedirect
from django.templatetags.static import static
from django.urls import include, path
from django.views.i18n import set_language
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView

from bingo import urls as bingo_urls
from config.health import healthz
from licensing import urls as licensing_urls
from licensing import views as licensing_views
from licensing.accounts.lockout import views as lockout_views
from montecarlo import urls as montecarlo_urls
from vendors import urls as vendors_urls

api_v1 = [
    path("", include(licensing_urls.api_urlpatterns)),
    path("", include(vendors_urls.api_urlpatterns)),
    path("", include(bingo_urls.api_urlpatterns)),
    path("", include(montecarlo_urls.api_urlpatterns)),
]

# django-allauth's pages (sign-in, sign-up, verification, password reset, two-factor authentication) under
# /accounts/, plus the names the portal and its tests have always used for the same views.
accounts = [
    path("login/", lockout_views.login, name="login"),  # allauth's, saying when the account locks
    path("logout/", allauth_views.logout, name="logout"),
    path("signup/", allauth_views.signup, name="signup"),
    path("password/reset/", allauth_views.password_reset, name="password_reset"),
    path("", include("allauth.urls")),
]


def favicon(request):
    """Browsers ask for /favicon.ico whatever the page's <link rel="icon"> says: send them to the SVG, not a 404."""
    return HttpResponsePermanentRedirect(static("favicon.svg"))


urlpatterns = [
    path("", licensing_views.home, name="home"),
    path("healthz", healthz, name="healthz"),
    path("favicon.ico", favicon),
    path("i18n/setlang/", set_language, name="set_language"),
    path("accounts/", include(accounts)),
    path("portal/", include("licensing.urls")),
    path("public/", include("licensing.public.urls")),
    path("vendors/", include("vendors.urls")),
    path("bingo/", include("bingo.urls")),
    path("montecarlo/", include("montecarlo.urls")),
    path("api/v1/", include(api_v1)),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="schema"), name="api-docs"),
    path("admin/", admin.site.urls),
]

# Under /api/ every error answers the API's JSON shape; portal pages keep Django's HTML pages.
handler400 = "core.api.errors.bad_request"
handler403 = "core.api.errors.permission_denied"
handler404 = "core.api.errors.page_not_found"
handler500 = "core.api.errors.server_error"
