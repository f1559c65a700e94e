from django.contrib import admin

from montecarlo.models import GameCatalogEntry


@admin.register(GameCatalogEntry)
class GameCatalogEntryAdmin(admin.ModelAdmin):
    list_display = ["name_en", "name_es", "is_allowed", "requires_class_2", "rule"]
    list_filter = ["is_allowed", "requires_class_2"]
    search_fields = ["name_en", "name_es", "code"]

    def has_delete_permission(self, request, obj=None):
        return False  # a game is disallowed (is_allowed=False), not removed, so old events still resolve
