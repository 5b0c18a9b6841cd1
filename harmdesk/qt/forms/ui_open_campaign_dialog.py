# Compiled from ui/open_campaign_dialog.ui by ui/build.py; do not edit.
from PySide6.QtCore import (QCoreApplication, QDate, QDateTime, QLocale,
    QMetaObject, QObject, QPoint, QRect,
    QSize, QTime, QUrl, Qt)
from PySide6.QtGui import (QBrush, QColor, QConicalGradient, QCursor,
    QFont, QFontDatabase, QGradient, QIcon,
    QImage, QKeySequence, QLinearGradient, QPainter,
    QPalette, QPixmap, QRadialGradient, QTransform)
from PySide6.QtWidgets import (QAbstractButton, QApplication, QDialog, QDialogButtonBox,
    QFormLayout, QHeaderView, QLabel, QLineEdit,
    QSizePolicy, QTreeWidget, QTreeWidgetItem, QVBoxLayout,
    QWidget)

class Ui_OpenCampaignDialog(object):
    def setupUi(self, OpenCampaignDialog):
        if not OpenCampaignDialog.objectName():
            OpenCampaignDialog.setObjectName(u"OpenCampaignDialog")
        OpenCampaignDialog.resize(560, 380)
        self.mainLayout = QVBoxLayout(OpenCampaignDialog)
        self.mainLayout.setObjectName(u"mainLayout")
        self.filterForm = QFormLayout()
        self.filterForm.setObjectName(u"filterForm")
        self.filterCaption = QLabel(OpenCampaignDialog)
        self.filterCaption.setObjectName(u"filterCaption")

        self.filterForm.setWidget(0, QFormLayout.ItemRole.LabelRole, self.filterCaption)

        self.filterEdit = QLineEdit(OpenCampaignDialog)
        self.filterEdit.setObjectName(u"filterEdit")
        self.filterEdit.setClearButtonEnabled(True)

        self.filterForm.setWidget(0, QFormLayout.ItemRole.FieldRole, self.filterEdit)


        self.mainLayout.addLayout(self.filterForm)

        self.campaignList = QTreeWidget(OpenCampaignDialog)
        self.campaignList.setObjectName(u"campaignList")
        self.campaignList.setRootIsDecorated(False)
        self.campaignList.setUniformRowHeights(True)
        self.campaignList.setAlternatingRowColors(True)

        self.mainLayout.addWidget(self.campaignList)

        self.messageLabel = QLabel(OpenCampaignDialog)
        self.messageLabel.setObjectName(u"messageLabel")
        self.messageLabel.setTextFormat(Qt.TextFormat.PlainText)
        self.messageLabel.setWordWrap(True)

        self.mainLayout.addWidget(self.messageLabel)

        self.buttonBox = QDialogButtonBox(OpenCampaignDialog)
        self.buttonBox.setObjectName(u"buttonBox")
        self.buttonBox.setStandardButtons(QDialogButtonBox.Cancel|QDialogButtonBox.Open)

        self.mainLayout.addWidget(self.buttonBox)

#if QT_CONFIG(shortcut)
        self.filterCaption.setBuddy(self.filterEdit)
#endif // QT_CONFIG(shortcut)

        self.retranslateUi(OpenCampaignDialog)
        self.buttonBox.accepted.connect(OpenCampaignDialog.accept)
        self.buttonBox.rejected.connect(OpenCampaignDialog.reject)

        QMetaObject.connectSlotsByName(OpenCampaignDialog)
    # setupUi

    def retranslateUi(self, OpenCampaignDialog):
        OpenCampaignDialog.setWindowTitle(QCoreApplication.translate("OpenCampaignDialog", u"Open a campaign", None))
        self.filterCaption.setText(QCoreApplication.translate("OpenCampaignDialog", u"&Find:", None))
        self.filterEdit.setPlaceholderText(QCoreApplication.translate("OpenCampaignDialog", u"part of a name or game", None))
#if QT_CONFIG(accessibility)
        self.filterEdit.setAccessibleName(QCoreApplication.translate("OpenCampaignDialog", u"Find a campaign", None))
#endif // QT_CONFIG(accessibility)
#if QT_CONFIG(tooltip)
        self.filterEdit.setToolTip(QCoreApplication.translate("OpenCampaignDialog", u"Show only the campaigns whose name or game contains this text", None))
#endif // QT_CONFIG(tooltip)
        ___qtreewidgetitem = self.campaignList.headerItem()
        ___qtreewidgetitem.setText(2, QCoreApplication.translate("OpenCampaignDialog", u"Last opened", None))
        ___qtreewidgetitem.setText(1, QCoreApplication.translate("OpenCampaignDialog", u"Game", None))
        ___qtreewidgetitem.setText(0, QCoreApplication.translate("OpenCampaignDialog", u"Campaign", None))
#if QT_CONFIG(accessibility)
        self.campaignList.setAccessibleName(QCoreApplication.translate("OpenCampaignDialog", u"Campaigns, last opened first", None))
#endif // QT_CONFIG(accessibility)
#if QT_CONFIG(tooltip)
        self.campaignList.setToolTip(QCoreApplication.translate("OpenCampaignDialog", u"Double-click or press Enter to open", None))
#endif // QT_CONFIG(tooltip)
        self.messageLabel.setText("")
#if QT_CONFIG(accessibility)
        self.messageLabel.setAccessibleName(QCoreApplication.translate("OpenCampaignDialog", u"Problem with the input", None))
#endif // QT_CONFIG(accessibility)
    # retranslateUi

