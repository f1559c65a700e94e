"""The thread API: GET lists an application's messages (board staff, board members, the organization's filing
people), POST writes one (board staff and the filing people; multipart for attachments). Anyone else: 404."""

from django.core.exceptions import PermissionDenied
from drf_spectacular.utils import extend_schema
from rest_framework import generics, status
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api.answers import ERRORS
from core.api.parsers import JSONObjectParser
from licensing.organizations.api import UPLOAD_DOWNLOAD_RESPONSES, AnyAcceptNegotiation
from licensing.organizations.views import stored_file_response
from licensing.review.thread import selectors as thread_selectors
from licensing.review.thread.serializers import ApplicationMessageSerializer, MessagePostSerializer
from licensing.review.thread.services import application_message_post


class ApplicationMessageListApi(generics.ListAPIView):
    """The reply thread of an application, oldest first."""

    serializer_class = ApplicationMessageSerializer
    parser_classes = [MultiPartParser, FormParser, JSONObjectParser]
    filter_backends = []

    def application(self):
        return thread_selectors.thread_application_get(user=self.request.user, pk=self.kwargs["pk"])

    def get_queryset(self):
        return thread_selectors.message_list(user=self.request.user, application=self.application())

    @extend_schema(responses={200: ApplicationMessageSerializer(many=True), 404: ERRORS})
    def get(self, request, *args, **kwargs):
        return super().get(request, *args, **kwargs)

    @extend_schema(request={"multipart/form-data": MessagePostSerializer, "application/json": MessagePostSerializer},
                   responses={201: ApplicationMessageSerializer, 400: ERRORS, 403: ERRORS, 404: ERRORS})
    def post(self, request, pk: int):
        """Write in the thread; the other side is emailed. Files go as multipart parts named `attachments`."""
        application = self.application()
        if not thread_selectors.can_post_in_thread(user=request.user, application=application):
            raise PermissionDenied  # answered 403 before the body is read: a board member only reads
        data = {"body": request.data.get("body", "")}
        if hasattr(request.data, "getlist"):
            data["attachments"] = request.FILES.getlist("attachments")
        serializer = MessagePostSerializer(data=data)
        serializer.is_valid(raise_exception=True)
        message = application_message_post(actor=request.user, application=application,
                                           body=serializer.validated_data["body"],
                                           attachments=serializer.validated_data["attachments"])
        return Response(ApplicationMessageSerializer(message).data, status=status.HTTP_201_CREATED)


class MessageAttachmentDownloadApi(APIView):
    """A file sent in the thread, as an attachment, for whoever may read the thread; 404 for anyone else."""

    content_negotiation_class = AnyAcceptNegotiation

    @extend_schema(responses=UPLOAD_DOWNLOAD_RESPONSES)
    def get(self, request, pk: int, attachment_pk: int):
        application = thread_selectors.thread_application_get(user=request.user, pk=pk)
        attachment = thread_selectors.attachment_get(user=request.user, application=application, pk=attachment_pk)
        return stored_file_response(attachment.file, content_type=attachment.content_type,
                                    original_name=attachment.original_name, fallback="attachment")
