from django.contrib import admin

from montecarlo.models import GameCatalogEntry


@admin.register(GameCatalogEntry)
class GameCatalogEntryAdmin(admin.ModelAdmin):
    list_display = ["name_en", "name_es", "approval", "requires_class_2", "rule"]
    list_filter = ["approval", "requires_class_2"]
    search_fields = ["name_en", "name_es", "code"]

    def has_delete_permission(self, request, obj=None):
        return False  # a game is banned (its approval changed), not removed, so old tables still resolve
